/**
 * Server rendering of the search page, end to end in-process: the loader runs the first search
 * over generated demo stock, and the client component renders those results to HTML without
 * searching (its server-side search client rejects every call).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { generateStockFiles } from "@/scripts/stock/generate";
import { testStockDir } from "@/tests/helpers/stock-dir";
import { resolveTenant } from "@/runtime/tenant";
import type { SiteContext } from "@/runtime/render/types";
import type { DealerManifest } from "@/runtime/generated/types";
import type { SearchPageData } from "@/blocks/shared/search/server";
import { blockProps } from "@/tests/helpers/block-props";
import block from "./index";
import { SearchGrid } from "./SearchGrid";

testStockDir("search-grid", (dir) => generateStockFiles(dir, { count: 900 }));
let manifest: DealerManifest;

beforeAll(() => {
  const tenant = resolveTenant("harbour-motor-group.localhost:3000");
  if (tenant.kind !== "site") throw new Error("harbour-motor-group manifest missing");
  manifest = tenant.manifest;
});

function site(segments: string[], searchParams: Record<string, string> = {}): SiteContext {
  return {
    manifest,
    pattern: "/search/[[...facets]]",
    params: { facets: segments },
    pathname: `/search/${segments.join("/")}`,
    searchParams,
    origin: "http://h.localhost",
    now: new Date(),
  };
}

async function render(segments: string[], searchParams: Record<string, string> = {}) {
  const s = site(segments, searchParams);
  const data = (await block.load!(blockProps("search-grid"), s)) as SearchPageData;
  const html = renderToString(<>{SearchGrid({ props: blockProps("search-grid"), data, dataFailed: false, site: s, slots: {} })}</>);
  return { data, html };
}

describe("search grid (server render)", () => {
  it("renders the first page of the dealer's stock as HTML from the in-process search", async () => {
    const { data, html } = await render(["used-cars"]);
    expect(data.initialResults).not.toBeNull();
    expect(html).toMatch(/<h1[^>]*>Pre-owned cars for sale<\/h1>/);
    const cards = html.match(/data-testid="vehicle-card"/g) ?? [];
    expect(cards.length).toBeGreaterThan(5);
    expect(cards.length).toBeLessThanOrEqual(21);
    expect(html).toContain('href="/cars/');
    expect(html).not.toContain("noindex");
    // Only this dealer's stock: every card's finance link names one of its dealerships.
    for (const m of html.matchAll(/preferredDealership=([a-z-]+)/g)) expect(["harbour-toyota", "harbour-mazda", "harbour-hyundai-kia"]).toContain(m[1]);
  });

  it("gives the first row priority images and lazy-loads the rest, all with width and height", async () => {
    const { html } = await render(["used-cars"]);
    const imgs = [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]).filter((i) => i.includes("/api/images/vehicle/"));
    expect(imgs.length).toBeGreaterThan(3);
    imgs.slice(0, 3).forEach((i) => expect(i).toMatch(/loading="eager"/));
    imgs.slice(0, 3).forEach((i) => expect(i).toMatch(/fetchPriority="high"/i));
    imgs.slice(3).forEach((i) => expect(i).toMatch(/loading="lazy"/));
    imgs.forEach((i) => expect(i).toMatch(/width="640"[^>]*height="480"|height="480"[^>]*width="640"/));
  });

  it("renders the configured promo card, sort control and page links as our URLs", async () => {
    const { html } = await render([]);
    expect(html).toContain("We want your car");
    expect(html).toContain("Highest price");
    expect(html).toMatch(/href="\/search\/new-used-and-demo-cars\?page=2"/);
    expect(html).toContain("Show all makes");
    // Facets hydrate from the server's disjunctive results: values, counts and the range inputs are in the HTML.
    expect(html).toMatch(/data-facet="colour"[\s\S]*type="checkbox"/);
    expect(html).toContain("Minimum price slider");
    expect(html).toMatch(/data-facet="car_type"[\s\S]*New[\s\S]*Demo[\s\S]*Pre-owned/);
  });

  it("reads make and model paths and marks filtered combinations noindex", async () => {
    const { html, data } = await render(["toyota"], { colour: "White" });
    expect(data.state.refinements.make).toEqual(["Toyota"]);
    expect(html).toMatch(/<h1[^>]*>Toyota for sale<\/h1>/);
    expect(block.metadata!({} as never, data, {} as never)).toEqual({ canonicalPath: "/search/toyota", noindex: true });
    expect(html).toContain("Select models");
  });

  it("shows the empty state with the site's wording", async () => {
    const { html } = await render(["used-cars"], { query: "zzzz-no-such-car" });
    expect(html).toContain("No Results Available");
    expect(html).toContain("No results found for your search at this time.");
    expect(html).toContain("Clear Filters");
  });
});
