/** A small site context for the form blocks' server-render tests. */
import type { DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";

const location = (id: number, name: string, city: string, dealership_id: number) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  dealership_id,
  address: { street: "1 Main St", city, state: "qld", postcode: "4000", lat: -27.5, long: 153 },
  contact_detail: { phone: "07 0000 0000", opening_hours: [{ weekday: 1, status: "Open", open: "08:00", close: "17:00" }] },
});

export function formSite(manifest: Record<string, unknown> = {}, searchParams: Record<string, string> = {}): SiteContext {
  return {
    manifest: {
      slug: "t",
      name: "Test Motors",
      features: { tradeIn: true },
      wording: {},
      forms: {},
      dealerships: [
        { id: 1, slug: "north-motors", name: "North Motors" },
        { id: 2, slug: "south-motors", name: "South Motors" },
      ],
      locations: [location(11, "North Motors Aspley", "Aspley", 1), location(21, "South Motors Logan", "Logan", 2)],
      ...manifest,
    } as unknown as DealerManifest,
    pattern: "/contact",
    params: {},
    pathname: "/contact",
    searchParams,
    origin: "",
    now: new Date(),
  };
}
