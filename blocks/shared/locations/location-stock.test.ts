import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import type { SiteContext } from "@/runtime/render/types";
import { siteStockSearch } from "@/runtime/inventory/site-search";
import { loadSearchPage } from "@/blocks/shared/search/server";
import { locationStockHref, siteLocations } from "./domain/lookup";

/** A location's 'View Our Stock' link lists that location's cars: every one of them, and no other. */
const store = buildSiteStore();
const SLUGS = ["sunshine-chery", "harbour-motor-group", "twg-group", "outback-caravans"];

function manifestOf(slug: string): SiteContext["manifest"] {
  return (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;
}

/** How many of the dealer's listed cars the stock feed puts at a location (the same base filter every search ANDs). */
async function carsAt(manifest: SiteContext["manifest"], locationId: number): Promise<number> {
  const { search, ctx, indexName } = siteStockSearch(manifest);
  const { results } = await search.multiSearch([{ indexName, query: "", hitsPerPage: 0, filters: `location_id=${locationId}` }], ctx);
  return (results[0] as { nbHits: number }).nbHits;
}

async function linkHits(manifest: SiteContext["manifest"], href: string): Promise<number> {
  const url = new URL(href, "http://site.invalid");
  const searchParams = Object.fromEntries(url.searchParams.entries());
  const site = {
    manifest,
    pattern: "/search/[[...facets]]",
    params: {},
    pathname: url.pathname,
    searchParams,
    origin: "http://x",
    now: new Date(),
  } as SiteContext;
  const data = await loadSearchPage(site, "stock");
  const first = Object.values(data.initialResults ?? {})[0] as { results: Array<{ nbHits: number }> };
  return first.results[0].nbHits;
}

describe("a location's stock link", () => {
  for (const slug of SLUGS) {
    it(`${slug}: each sales location's link lists exactly that location's cars`, async () => {
      const manifest = manifestOf(slug);
      const sales = siteLocations(manifest).filter((l) => l.location_type === "sales");
      expect(sales.length).toBeGreaterThan(0);
      for (const location of sales) {
        const expected = await carsAt(manifest, location.id);
        expect(expected, `${location.name} has stock`).toBeGreaterThan(0);
        expect(await linkHits(manifest, locationStockHref(location)), location.name).toBe(expected);
      }
    });
  }

  it("shows the refinement as the location's name", async () => {
    const manifest = manifestOf("harbour-motor-group");
    const url = new URL(locationStockHref({ id: 2032 }), "http://x");
    const site = {
      manifest,
      pattern: "/search/[[...facets]]",
      params: {},
      pathname: url.pathname,
      searchParams: { location_id: "2032" },
      origin: "http://x",
      now: new Date(),
    } as SiteContext;
    const data = await loadSearchPage(site, "stock");
    expect(data.state.refinements.location_id).toEqual(["2032"]);
    expect(data.config.virtualLabels.location_id["2032"]).toBe("Harbour Kia Penrith");
  });
});
