import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { BrandGridProps, DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { BrandGrid } from "./BrandGrid";
import { brandHref } from "./brand-links";
import { blockProps } from "@/tests/helpers/block-props";

const manifest = {
  slug: "twg-group",
  name: "TWG",
  brands: {
    car: [
      { title: "TWG Cars", slug: "twg-cars", logoSrc: "/brands/twg-cars.svg" },
      { title: "Finance & Insurance", slug: "finance-and-insurance", logoSrc: "/brands/finance-and-insurance.svg", skipPage: true },
      { title: "Neotek", slug: "neotek" },
    ],
    truck: [{ title: "Fuso", slug: "fuso", logoSrc: "/brands/fuso.svg" }],
    motorcycle: [],
  },
} as unknown as DealerManifest;
const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "http://t.localhost:3000", now: new Date() } as SiteContext;
const html = (props: BrandGridProps) =>
  renderToStaticMarkup(<>{BrandGrid({ props: blockProps("brand-grid", props), data: undefined, dataFailed: false, site, slots: {} })}</>);

describe("brand grid block", () => {
  it("links each brand to /{slug}/overview with its logo, alt text = title", () => {
    const out = html({ list: "car", heading: "Our brands" });
    expect(out).toContain("<h2");
    expect(out).toMatch(/<a[^>]+href="\/twg-cars\/overview"[^>]*><img[^>]+alt="TWG Cars"/);
    expect(out).toMatch(/<img[^>]+src="\/brands\/twg-cars.svg"[^>]+width="160"[^>]+height="80"[^>]+loading="lazy"/);
  });

  it("shows a skipPage brand without a link", () => {
    const out = html({ list: "car" });
    expect(out).not.toContain("/finance-and-insurance/overview");
    expect(out).toContain('alt="Finance &amp; Insurance"');
  });

  it("falls back to the brand's name when it has no logo", () => {
    expect(html({ list: "car" })).toMatch(/href="\/neotek\/overview"[^>]*><span[^>]*>Neotek<\/span>/);
  });

  it("reads the chosen list, defaults to car, and names an unheaded section for screen readers", () => {
    expect(html({ list: "truck" })).toContain('href="/fuso/overview"');
    expect(html({ list: "truck" })).toContain('aria-label="Truck brands"');
    expect(html({})).toContain("/twg-cars/overview");
  });

  it("leaves out a brand that links to stock when the site has none of its make", () => {
    const counts = (data: Record<string, number>) =>
      renderToStaticMarkup(<>{BrandGrid({ props: blockProps("brand-grid", { list: "car" }), data, dataFailed: false, site, slots: {} })}</>);
    expect(counts({ "finance-and-insurance": 3 })).toContain('alt="Finance &amp; Insurance"');
    expect(counts({ toyota: 12 })).not.toContain("Finance &amp; Insurance");
    // Brands with their own page stay, stock or not.
    expect(counts({ toyota: 12 })).toContain("/twg-cars/overview");
  });

  it("renders nothing for an empty or missing list", () => {
    expect(html({ list: "motorcycle" })).toBe("");
  });

  it("builds brand page paths", () => {
    expect(brandHref({ slug: "4x4-outdoor" })).toBe("/4x4-outdoor/overview");
    expect(brandHref({ slug: "x", skipPage: true })).toBe("/search/x");
  });
});
