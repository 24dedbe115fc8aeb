/**
 * The new-dealer questions, answered: the same for `npm run new-dealer` (scripts/new-dealer.ts)
 * and the studio's form (/studio/new). Pure: the answers and what is already taken in, the
 * draft's manifest (or what is wrong with the answers, field by field) out. The callers read
 * what is taken and write the draft.
 */
import { getDomain, getSubdomain } from "tldts";
import manifestSchema from "../../schemas/manifest.schema.json";
import type { DealerTimeZone } from "../generated/types";
import { slugify } from "../slug";
import { RESERVED_SLUGS, reservedSlugMessage } from "./rules/reserved-slugs";
import { addressAgreement, parseAddressLine, stateOf, timeZoneFor, type AddressParts, type PostcodePlace } from "./au-address";
import { DEALER_KINDS, scaffoldManifest, type DealerKind } from "./scaffold";

/** The answers as typed (every field a string, as a form posts them). */
export interface NewDealerAnswers {
  /** The trading name shown on the site. */
  name?: string;
  /** Short name for addresses; from the name when empty. */
  slug?: string;
  /** The site's domain ("ballinakia.com.au" or "www.ballinakia.com.au"); empty when not known yet. */
  domain?: string;
  /** A key of DEALER_KINDS (or its number, 1 to 5); franchise when empty. */
  kind?: string;
  /** Makes sold, separated by commas. */
  brands?: string;
  /** The main yard's address on one line; street, suburb, state and postcode below take precedence when given. */
  address?: string;
  street?: string;
  city?: string;
  state?: string;
  postcode?: string;
  phone?: string;
  /** Where enquiries go (and the address shown on the site). */
  email?: string;
  /** An IANA zone from the schema's list; the state's when empty. */
  timeZone?: string;
  /** The stock feed's dealership id; a free placeholder when empty. */
  dealershipId?: string;
  /** "yes" when the person confirms an address the postcode list disagrees with. */
  addressConfirmed?: string;
}

/** What is already taken: by live dealers and by drafts. */
export interface TakenNames {
  slugs: ReadonlySet<string>;
  /** Hosts and redirect hosts, lower-case. */
  hosts: ReadonlySet<string>;
  dealershipIds: ReadonlySet<number>;
  /** Who holds a short name or host when it is not a file ("a draft made in the studio"), by `slug:{name}` or `host:{host}`. */
  owners?: ReadonlyMap<string, string>;
}

export interface AnswerError {
  field: keyof NewDealerAnswers;
  message: string;
  /** The postcode list disagrees: the person may confirm the address as typed (`addressConfirmed`). */
  confirmable?: true;
}

export type NewDealer =
  | {
      ok: true;
      slug: string;
      manifest: Record<string, unknown>;
      /** The draft file's text (manifests/drafts/{slug}.json). */
      text: string;
      address: AddressParts;
      timeZone: DealerTimeZone | null;
      dealershipId: number;
      /** True when no dealership id was given and a free one was put in its place. */
      placeholderId: boolean;
      /** Said to the person, not refused: a shared dealership id. */
      notes: string[];
    }
  | { ok: false; errors: AnswerError[] };

export const TIME_ZONES = manifestSchema.properties.timeZone.enum as DealerTimeZone[];

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9 +()]{6,20}$/;

/** The kind an answer names: a key, its number in DEALER_KINDS, or a common other word; franchise when empty. */
export function kindOf(answer: string | undefined): DealerKind | null {
  const a = (answer ?? "").trim().toLowerCase();
  if (!a) return "franchise";
  const keys = Object.keys(DEALER_KINDS) as DealerKind[];
  const n = Number(a);
  if (Number.isInteger(n) && n >= 1 && n <= keys.length) return keys[n - 1];
  const aliases: Record<string, DealerKind> = {
    "single-brand": "franchise",
    group: "dealer-group",
    "multi-franchise": "dealer-group",
    portal: "group-portal",
    caravans: "caravan",
    motorcycles: "motorcycle",
  };
  return (keys as string[]).includes(a) ? (a as DealerKind) : (aliases[a] ?? null);
}

/**
 * The hosts for a domain as typed: "www.x.com.au" or the registrable "x.com.au" give www.x as
 * the host and x as its redirect host; any other name ("cars.x.com.au") is the one host. Null
 * when it is not a domain name.
 */
export function hostsForDomain(typed: string): { hosts: string[]; redirectHosts: string[] } | null {
  const raw = typed
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/\.$/, "");
  if (!/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(raw)) return null;
  const registrable = getDomain(raw);
  if (!registrable) return null;
  const sub = getSubdomain(raw) ?? "";
  if (sub === "" || sub === "www") return { hosts: [`www.${registrable}`], redirectHosts: [registrable] };
  return { hosts: [raw], redirectHosts: [] };
}

/** The address from the answers: the separate fields where given, else the parts of the one-line address. */
export function addressFromAnswers(a: NewDealerAnswers): AddressParts {
  const line = parseAddressLine(a.address ?? "");
  const own = (v: string | undefined) => (v ?? "").trim();
  return {
    street: own(a.street) || line.street,
    city: own(a.city) || line.city,
    state: stateOf(a.state) || line.state,
    postcode: own(a.postcode) || line.postcode,
  };
}

/**
 * The new dealer's draft from the answers, or every problem with them (each at its field): a
 * name, a free slug, a free domain, a phone and email in the manifest's formats, a time zone
 * from the list, a state the postcode list agrees with (unless confirmed). Address parts that
 * were not given stay empty: the studio shows them as fields to fill.
 */
export function newDealerFromAnswers(a: NewDealerAnswers, taken: TakenNames, places: (postcode: string) => readonly PostcodePlace[]): NewDealer {
  const errors: AnswerError[] = [];
  const name = (a.name ?? "").trim();
  if (!name) errors.push({ field: "name", message: "Enter the dealer's trading name, as shown on the site." });
  const slug = (a.slug ?? "").trim() || slugify(name);
  if (name && !SLUG.test(slug)) errors.push({ field: "slug", message: `'${slug}' cannot be a short name: use lower-case letters, digits and single hyphens.` });
  else if (RESERVED_SLUGS.has(slug)) errors.push({ field: "slug", message: reservedSlugMessage(slug) });
  else if (slug && taken.slugs.has(slug)) {
    const owner = taken.owners?.get(`slug:${slug}`);
    errors.push({
      field: "slug",
      message: `'${slug}' is already ${owner ? `the short name of ${owner}` : "a dealer's or a draft's short name"}: choose another.`,
    });
  }
  const kind = kindOf(a.kind);
  if (!kind) errors.push({ field: "kind", message: `Choose one of: ${Object.keys(DEALER_KINDS).join(", ")}.` });

  let domains: { hosts: string[]; redirectHosts: string[] } = { hosts: [], redirectHosts: [] };
  if ((a.domain ?? "").trim()) {
    const d = hostsForDomain(a.domain!);
    if (!d) errors.push({ field: "domain", message: `'${a.domain!.trim()}' is not a domain name: write it like ballinakia.com.au.` });
    else {
      const held = [...d.hosts, ...d.redirectHosts].find((h) => taken.hosts.has(h));
      if (held) errors.push({ field: "domain", message: `${held} is already used by ${taken.owners?.get(`host:${held}`) ?? "another dealer"}.` });
      else domains = d;
    }
  }

  const phone = (a.phone ?? "").trim();
  if (!phone) errors.push({ field: "phone", message: "Enter the sales phone number, like 02 6600 1234." });
  else if (!PHONE.test(phone)) errors.push({ field: "phone", message: "Use digits, spaces, + and brackets only, like 02 6600 1234." });
  const email = (a.email ?? "").trim();
  if (!email) errors.push({ field: "email", message: "Enter the email address enquiries go to." });
  else if (!EMAIL.test(email)) errors.push({ field: "email", message: `'${email}' is not an email address.` });

  const address = addressFromAnswers(a);
  if ((a.state ?? "").trim() && !stateOf(a.state)) errors.push({ field: "state", message: "Choose a state: QLD, NSW, VIC, TAS, SA, WA, NT or ACT." });
  if (address.postcode && !/^\d{4}$/.test(address.postcode)) errors.push({ field: "postcode", message: "A postcode is four digits." });
  else if (a.addressConfirmed !== "yes")
    for (const p of addressAgreement(address, places))
      errors.push({ field: p.field, message: `${p.message} Correct it, or tick "The address is right as typed".`, confirmable: true });

  let timeZone: DealerTimeZone | null = timeZoneFor(address.state, address.postcode);
  const zone = (a.timeZone ?? "").trim();
  if (zone) {
    if ((TIME_ZONES as string[]).includes(zone)) timeZone = zone as DealerTimeZone;
    else errors.push({ field: "timeZone", message: `Choose a time zone from the list (${TIME_ZONES.join(", ")}).` });
  }

  let dealershipId = NaN;
  const idAnswer = (a.dealershipId ?? "").trim();
  if (idAnswer) {
    dealershipId = Number(idAnswer);
    if (!/^\d{1,9}$/.test(idAnswer) || dealershipId < 1)
      errors.push({ field: "dealershipId", message: "A dealership id is a whole number, as the stock feed gives it." });
  }
  if (errors.length || !kind) return { ok: false, errors };

  const placeholderId = !idAnswer;
  if (placeholderId) dealershipId = Math.max(900, ...taken.dealershipIds) + 1;
  const notes =
    !placeholderId && taken.dealershipIds.has(dealershipId)
      ? [`Dealership ${dealershipId} is already listed by another site: both must name each other in sharedWith.`]
      : [];
  const manifest = scaffoldManifest({
    name,
    slug,
    kind,
    brand: a.brands,
    dealershipId,
    phone,
    email,
    address,
    ...domains,
    ...(timeZone ? { timeZone } : {}),
  });
  return { ok: true, slug, manifest, text: `${JSON.stringify(manifest, null, 2)}\n`, address, timeZone, dealershipId, placeholderId, notes };
}
