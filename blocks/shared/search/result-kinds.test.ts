import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import type { SiteContext } from "@/runtime/render/types";
import { loadSearchPage } from "./server";
import { resultKinds } from "./widgets";

/** The search counts what it found in the words of its kind: the first search carries the kinds among the results. */
const store = buildSiteStore();

async function kindsOf(slug: string, searchParams: Record<string, string>) {
  const manifest = (store.bySlug.get(slug) as { manifest: SiteContext["manifest"] }).manifest;
  const site = {
    manifest,
    pattern: "/search/[[...facets]]",
    params: {},
    pathname: "/search",
    searchParams,
    origin: "http://x",
    now: new Date(),
  } as SiteContext;
  const data = await loadSearchPage(site, "stock");
  const first = Object.values(data.initialResults ?? {})[0] as { results: unknown[] };
  return { found: resultKinds({ _rawResults: first.results }), stock: data.stockKinds };
}

describe("the kinds of vehicle a search found", () => {
  it("are the results' kinds under every refinement, and the dealer's stock's kinds besides", async () => {
    const motorcycles = await kindsOf("twg-group", { location_id: "3021" });
    expect(motorcycles.found).toEqual(["motorcycle"]);
    expect([...motorcycles.stock].sort()).toEqual(["car", "motorcycle", "truck"]);
    expect((await kindsOf("twg-group", {})).found.sort()).toEqual(["car", "motorcycle", "truck"]);
    expect((await kindsOf("outback-caravans", {})).found).toEqual(["caravan"]);
    expect((await kindsOf("twg-group", { query: "no such vehicle anywhere zzzz" })).found).toEqual([]);
  });
  it("are none for a search with no answer yet", () => {
    expect(resultKinds(null)).toEqual([]);
    expect(resultKinds({ _rawResults: [{ facets: { item_type: { car: 0 } } }] })).toEqual([]);
  });
});
