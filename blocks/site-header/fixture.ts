import type { DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";

/** A small valid-shaped manifest for this block's tests. */
export function testManifest(overrides: Partial<DealerManifest> = {}): DealerManifest {
  return {
    schemaVersion: 2,
    slug: "sunshine-chery",
    name: "Sunshine Chery",
    template: "franchise",
    hosts: ["www.sunshinechery.com.au"],
    dealerships: [{ id: 1, slug: "sunshine-chery", name: "Sunshine Chery" }],
    manufacturers: ["Chery"],
    contact: { phones: { sales: "07 3000 1234", service: "07 3000 5678" }, email: "sales@sunshinechery.com.au" },
    locations: [
      {
        id: 501,
        name: "Sunshine Chery",
        slug: "sunshine",
        dealership_id: 1,
        address: { street: "1 Main St", city: "Maroochydore", state: "qld", postcode: "4558" },
        contact_detail: { phone: "07 3000 1234" },
      },
    ],
    theme: {
      colors: { primary: "#c8102e", primaryContrast: "#ffffff" },
      logo: { src: "/logos/sunshine-chery.svg", alt: "Sunshine Chery", width: 180, height: 48 },
    },
    features: { finance: true, tradeIn: false },
    brands: {
      car: [
        { title: "Chery", slug: "chery", logoSrc: "/brands/chery.svg" },
        { title: "Omoda", slug: "omoda" },
      ],
    },
    menus: {
      header: [
        { label: "Home", href: "/" },
        { label: "Brands", brandMenu: "car" },
        { label: "Finance", href: "/finance", flag: "finance" },
        { label: "Trade In", href: "/trade-in", flag: "tradeIn" },
        {
          label: "Service & Parts",
          children: [
            { label: "Servicing", href: "/service" },
            { label: "Parts and Accessories", href: "/vehicle-parts-and-accessories" },
            { label: "Sell your car", href: "/sell-my-car", flag: "tradeIn" },
            { label: "Bad", href: "javascript:alert(1)" },
          ],
        },
        { label: "Owners", children: [{ label: "Owners portal", href: "https://owners.chery.com.au", external: true }] },
      ],
    },
    routes: { "/": { title: "Home", blocks: [] } },
    ...overrides,
  } as DealerManifest;
}

export function testSite(manifest: DealerManifest = testManifest()): SiteContext {
  return {
    manifest,
    pattern: "/",
    params: {},
    pathname: "/",
    searchParams: {},
    origin: "http://sunshine-chery.localhost:3000",
    now: new Date("2025-06-01T00:00:00Z"),
  };
}
