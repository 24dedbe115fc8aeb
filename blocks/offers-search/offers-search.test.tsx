import { beforeAll, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { generateStockFiles } from "@/scripts/stock/generate";
import { testStockDir } from "@/tests/helpers/stock-dir";
import { resolveTenant } from "@/runtime/tenant";
import type { SiteContext } from "@/runtime/render/types";
import type { DealerManifest } from "@/runtime/generated/types";
import type { SearchPageData } from "@/blocks/shared/search/server";
import { searchPageConfig } from "@/blocks/shared/search/config";
import { resolveSearchSettings } from "@/runtime/inventory/search-settings";
import { blockProps } from "@/tests/helpers/block-props";
import block from "./index";
import { OffersSearch } from "./OffersSearch";

testStockDir("offers-search", (dir) => generateStockFiles(dir, { count: 900 }));
let manifest: DealerManifest;
beforeAll(() => {
  const tenant = resolveTenant("sunshine-chery.localhost:3000");
  if (tenant.kind !== "site") throw new Error("sunshine-chery manifest missing");
  manifest = tenant.manifest;
});

const site = (searchParams: Record<string, string> = {}): SiteContext => ({
  manifest,
  pattern: "/special-offers",
  params: {},
  pathname: "/special-offers",
  searchParams,
  origin: "",
  now: new Date(),
});

describe("offers search", () => {
  it("is restricted to the site's dealerships and the offer rule, 21 per page, with its own URL and empty message", () => {
    const props = blockProps("offers-search");
    const c = searchPageConfig(manifest, resolveSearchSettings(manifest.search), "offers", props);
    expect(c.filters).toBe("(dealership_id=101) AND (offer_price > 0 OR before_price > 0)");
    expect(c.hitsPerPage).toBe(21);
    expect(c.clearHref).toBe("/special-offers");
    expect(c.emptyMessage).toBe("There appears to be no offers currently available that meet the conditions of your search");
    expect(c.urlOptions).toEqual({ basePath: "/special-offers", pathFacets: false });
  });

  it("renders its h1 and the offers on the server", async () => {
    const props = blockProps("offers-search");
    const data = (await block.load!(props, site())) as SearchPageData;
    const html = renderToString(<>{OffersSearch({ props, data, dataFailed: false, site: site(), slots: {} })}</>);
    expect(html).toMatch(/<h1[^>]*>Special offers<\/h1>/);
    expect((html.match(/data-testid="vehicle-card"/g) ?? []).length).toBeGreaterThan(0);
    for (const m of html.matchAll(/preferredDealership=([a-z-]+)/g)) expect(m[1]).toBe("sunshine-chery");
  });

  it("shows the offers empty message and a Clear Filters link to /special-offers", async () => {
    const props = blockProps("offers-search");
    const data = (await block.load!(props, site({ query: "zzzz-nothing" }))) as SearchPageData;
    const html = renderToString(<>{OffersSearch({ props, data, dataFailed: false, site: site(), slots: {} })}</>);
    expect(html).toContain("There appears to be no offers currently available");
    expect(html).toMatch(/href="\/special-offers"[^>]*>Clear Filters/);
  });
});
