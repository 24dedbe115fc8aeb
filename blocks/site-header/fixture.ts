import type { DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { minimalManifest } from "@/tests/helpers/manifest-fixture";

/**
 * The shared minimal manifest dressed as Sunshine Chery: the header shows the name, logo, phones,
 * brands and menus, so only those are this block's own.
 */
export function testManifest(overrides: Partial<DealerManifest> = {}): DealerManifest {
  const base = minimalManifest("sunshine-chery");
  return {
    ...base,
    name: "Sunshine Chery",
    contact: { ...base.contact, phones: { sales: "07 3000 1234", service: "07 3000 5678" } },
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
