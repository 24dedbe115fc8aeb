import type { DealerTimeZone } from "../generated/types";
import { slugify } from "../slug";
import { timeZoneFor, type AddressParts } from "./au-address";
import { CURRENT_SCHEMA_VERSION } from "./migrations";
import { manifestSchemaRef } from "./go-live/rules/schema-path";

/** The kinds of site `npm run new-dealer` starts from (the manifest's `template` values). */
export const DEALER_KINDS = {
  franchise: "single-brand franchise (one make, e.g. a Chery dealer)",
  "dealer-group": "multi-franchise group (several makes, several yards)",
  "group-portal": "group portal (the group's own site over its member dealers)",
  caravan: "caravan dealer",
  motorcycle: "motorcycle dealer",
} as const;

export type DealerKind = keyof typeof DEALER_KINDS;

export interface ScaffoldInput {
  name: string;
  slug?: string;
  kind: DealerKind;
  /** The make, or makes separated by commas (a group). */
  brand?: string;
  /** The dealership id from the stock feed; a free placeholder id is used without one (and `npm run validate` then warns: no stock). */
  dealershipId: number;
  /** The sales phone; left empty (a field to fill) when not known. */
  phone?: string;
  /** Where enquiries go (the dealer's one lead destination) and the address shown on the site; left empty when not known. */
  email?: string;
  /** The main yard's address; a part not known is left empty (to fill in the studio), never a sample town. */
  address?: Partial<AddressParts>;
  /** The domains the site answers on, and those that redirect to the first (the bare domain beside www.). */
  hosts?: readonly string[];
  redirectHosts?: readonly string[];
  /** The dealer's time zone; by default its state's (au-address.ts `timeZoneFor`), and the schema's otherwise. */
  timeZone?: DealerTimeZone;
}

const WORDING: Partial<Record<DealerKind, Record<string, string>>> = {
  caravan: { vehicleType: "Caravan", usedKeyword: "Pre-loved" },
  motorcycle: { vehicleType: "Motorcycle", usedKeyword: "Pre-owned" },
};

const NOUN: Record<DealerKind, string> = {
  franchise: "cars",
  "dealer-group": "cars",
  "group-portal": "vehicles",
  caravan: "caravans",
  motorcycle: "motorcycles",
};

/** Mon–Fri 8:00–17:30, Saturday 8:00–12:00, Sunday closed: to be replaced with the dealer's own. */
const HOURS = [
  { weekday: 0, status: "Closed" },
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: "Open", open: "08:00", close: "17:30" })),
  { weekday: 6, status: "Open", open: "08:00", close: "12:00" },
];

/**
 * A new dealer's manifest: it extends the shared `dealer-base` template (content pages, vehicle
 * page, layout) and fills only what is the dealer's own. Where a detail is not known it is left
 * empty for the person to fill (the check then names it), except what every new site starts
 * with and changes later: a text logo and sample hours. Valid as written when the phone, email
 * and address are given. Pure: `npm run new-dealer` and the studio's new-dealer form build on it
 * through runtime/manifest/new-dealer.ts.
 */
export function scaffoldManifest(input: ScaffoldInput): Record<string, unknown> {
  const slug = input.slug || slugify(input.name);
  const makes = (input.brand ?? "")
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean);
  const noun = NOUN[input.kind];
  const email = input.email ?? "";
  const phone = input.phone ?? "";
  const address = { street: "", city: "", state: "" as AddressParts["state"], postcode: "", ...input.address };
  const timeZone = input.timeZone ?? timeZoneFor(address.state, address.postcode);
  const manifest: Record<string, unknown> = {
    $schema: manifestSchemaRef("manifests/drafts"),
    schemaVersion: CURRENT_SCHEMA_VERSION,
    extends: "dealer-base",
    slug,
    name: input.name,
    ...(timeZone ? { timeZone } : {}),
    template: input.kind,
    hosts: [...(input.hosts ?? [])],
    ...(input.redirectHosts?.length ? { redirectHosts: [...input.redirectHosts] } : {}),
    dealerships: [{ id: input.dealershipId, slug, name: input.name }],
    manufacturers: makes,
    contact: { phones: { sales: phone }, email },
    // The address asked for as "the email enquiries go to" receives them: without a destination the
    // go-live check would block, and every enquiry would reach only the platform's fallback inbox.
    ...(email ? { forms: { destinations: [{ id: "sales-email", email }] } } : {}),
    locations: [
      {
        id: input.dealershipId * 10 + 1,
        name: input.name,
        slug: slugify(address.city) || "main-yard",
        dealership_id: input.dealershipId,
        location_type: "sales",
        primary: true,
        ...(timeZone ? { time_zone: timeZone } : {}),
        // Empty parts are for the person to fill: the check names each one (an empty state is no state at all).
        address: { street: address.street, city: address.city, ...(address.state ? { state: address.state } : {}), postcode: address.postcode },
        // A copy: the manifest is the caller's to edit, and the sample hours are every new dealer's.
        contact_detail: { phone, email, opening_hours: structuredClone(HOURS) },
      },
    ],
    theme: {
      colors: { primary: "#1f4e8c", primaryContrast: "#ffffff" },
      logo: { text: input.name },
    },
    ...(WORDING[input.kind] ? { wording: WORDING[input.kind] } : {}),
    menus: {
      header: [
        { label: "Home", href: "/" },
        { label: `New ${noun}`, href: "/search/new-and-demo-cars" },
        { label: `Used ${noun}`, href: "/search/used-cars" },
        { label: "Finance", href: "/finance", flag: "finance" },
        { label: "Service", href: "/service" },
        { label: "Contact", href: "/contact" },
      ],
    },
    routes: {
      "/": {
        title: `${input.name} | New and used ${noun}`,
        description: `New and used ${noun} at ${input.name}.`,
        blocks: [
          {
            type: "hero",
            props: {
              heading: `Welcome to ${input.name}`,
              subheading: makes.length ? `${makes.join(", ")} ${noun}, finance and service.` : `New and used ${noun}, finance and service.`,
              ctas: [
                { label: `Browse all ${noun}`, href: "/search/new-used-and-demo-cars" },
                { label: "Contact us", href: "/contact" },
              ],
            },
          },
          { type: "tiles-grid", props: { heading: "Latest offers", place: "home" } },
          { type: "location-section", props: { heading: "Visit us" } },
        ],
      },
    },
  };
  return manifest;
}

/** The manifest as the file is written: two-space JSON, keys in the order above, a final newline. */
export function scaffoldText(input: ScaffoldInput): string {
  return JSON.stringify(scaffoldManifest(input), null, 2) + "\n";
}
