import { slugify } from "../slug";
import { CURRENT_SCHEMA_VERSION } from "./migrations";

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
  phone?: string;
  email?: string;
  street?: string;
  city?: string;
  state?: "qld" | "nsw" | "vic" | "tas" | "sa" | "wa" | "nt" | "act";
  postcode?: string;
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
 * A new dealer's manifest, valid as written: it extends the shared `dealer-base` template (content
 * pages, vehicle page, layout) and fills only what is the dealer's own, with placeholders where
 * the dealer's details are not known yet (a text logo, sample hours). Pure: the script and, later,
 * an editor build on it.
 */
export function scaffoldManifest(input: ScaffoldInput): Record<string, unknown> {
  const slug = input.slug || slugify(input.name);
  const makes = (input.brand ?? "")
    .split(",")
    .map((b) => b.trim())
    .filter(Boolean);
  const noun = NOUN[input.kind];
  const domain = `www.${slug.replace(/-/g, "")}.com.au`;
  const email = input.email ?? `sales@${domain.slice(4)}`;
  const phone = input.phone ?? "07 3000 0000";
  const manifest: Record<string, unknown> = {
    $schema: "../../schemas/manifest.schema.json",
    schemaVersion: CURRENT_SCHEMA_VERSION,
    extends: "dealer-base",
    slug,
    name: input.name,
    template: input.kind,
    hosts: [domain],
    dealerships: [{ id: input.dealershipId, slug, name: input.name }],
    manufacturers: makes,
    contact: { phones: { sales: phone }, email },
    locations: [
      {
        id: input.dealershipId * 10 + 1,
        name: input.name,
        slug: slugify(input.city ?? "main-yard") || "main-yard",
        dealership_id: input.dealershipId,
        location_type: "sales",
        primary: true,
        time_zone: "Australia/Brisbane",
        address: {
          street: input.street ?? "1 Example Street",
          city: input.city ?? "Brisbane",
          state: input.state ?? "qld",
          postcode: input.postcode ?? "4000",
        },
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
