import { expect, test } from "@playwright/test";
import { liteClient } from "algoliasearch/lite";
import { E2E_PORT } from "../../playwright.config";
import { requestWithHost } from "../helpers/http";
import { loopbackRequester } from "../helpers/loopback-requester";

// The real algoliasearch lite client against the running server's embedded engine.
function clientFor(slug: string) {
  return liteClient(slug, "embedded", {
    hosts: [{ url: `${slug}.localhost:${E2E_PORT}/api/search`, protocol: "http", accept: "read" }],
    requester: loopbackRequester() as never,
  });
}

/** A search request (a POST that only reads, so it may be sent again after a stale keep-alive socket). */
async function post(host: string, path: string, body: string): Promise<{ status: number; json: any }> {
  const res = await requestWithHost(E2E_PORT, host, { method: "POST", path, headers: { "content-type": "text/plain" }, body, idempotent: true });
  return { status: res.status, json: JSON.parse(res.body) };
}

test("liteClient gets hits, facets and stats of the dealer's own stock", async () => {
  const { results } = await clientFor("harbour-motor-group").search({
    requests: [{ indexName: "Car_production", query: "", hitsPerPage: 21, facets: ["make", "car_type", "dealership_id"] }],
  });
  const r = results[0] as any;
  expect(r.nbHits).toBeGreaterThan(100);
  expect(r.hits).toHaveLength(21);
  expect(Object.keys(r.facets.dealership_id).sort()).toEqual(expect.arrayContaining(["201"]));
  for (const id of Object.keys(r.facets.dealership_id)) expect(["201", "202", "203"]).toContain(id);
  expect(r.facets.make.Toyota).toBeGreaterThan(0);
});

test("a filter that tries to reach another dealer's stock returns none of it", async () => {
  const client = clientFor("sunshine-chery");
  for (const filters of ["dealership_id:201 OR dealership_id:999", "NOT dealership_id:101", "dealership_id:999"]) {
    const { results } = await client.search({ requests: [{ indexName: "Car_production", filters, hitsPerPage: 60, facets: ["dealership_id"] }] });
    const r = results[0] as any;
    for (const hit of r.hits) expect(hit.dealership_id).toBe(101);
    expect(Object.keys(r.facets?.dealership_id ?? {}).filter((id) => id !== "101")).toEqual([]);
  }
});

test("sort replicas, numeric ranges and facet-value search work through the client", async () => {
  const client = clientFor("twg-group");
  const { results } = await client.search({
    requests: [
      { indexName: "Car_production:price:desc", numericFilters: ["price>=20000", "price<=60000"], hitsPerPage: 10, facets: ["price"] },
      { indexName: "Car_production", type: "facet", facet: "make", facetQuery: "to" } as any,
    ],
  });
  const sorted = (results[0] as any).hits.map((h: any) => h.price);
  expect(sorted).toEqual([...sorted].sort((a: number, b: number) => b - a));
  expect(Math.min(...sorted)).toBeGreaterThanOrEqual(20000);
  expect((results[0] as any).facets_stats.price.max).toBeLessThanOrEqual(60000);
  expect((results[1] as any).facetHits.map((f: any) => f.value)).toContain("Toyota");
});

test("bad input is a 4xx with a message, never a 5xx; an unknown index is 404", async () => {
  const bad = await post(
    "sunshine-chery.localhost",
    "/api/search/1/indexes/*/queries",
    JSON.stringify({ requests: [{ indexName: "Car_production", filters: "(make:Toyota" }] }),
  );
  expect(bad.status).toBe(400);
  expect(bad.json.message).toMatch(/filters/);
  const junk = await post("sunshine-chery.localhost", "/api/search/1/indexes/*/queries", "{not json");
  expect(junk.status).toBe(400);
  const unknown = await post("sunshine-chery.localhost", "/api/search/1/indexes/Nope/query", "{}");
  expect(unknown.status).toBe(404);
  expect(unknown.json).toEqual({ message: "Index does not exist", status: 404 });
});

test("a call past the work bounds is refused with the bound named, before any search runs", async () => {
  const queries = (n: number, params: Record<string, unknown>) =>
    JSON.stringify({ requests: Array.from({ length: n }, () => ({ indexName: "Car_production", ...params })) });
  const hits = await post("sunshine-chery.localhost", "/api/search/1/indexes/*/queries", queries(20, { hitsPerPage: 60, facets: ["*"] }));
  expect(hits.status).toBe(400);
  expect(hits.json.message).toBe("hitsPerPage: at most 60 hits per call, all queries together (this call asks for 1200)");
  const values = await post(
    "sunshine-chery.localhost",
    "/api/search/1/indexes/*/queries",
    queries(5, { hitsPerPage: 0, facets: ["*"], maxValuesPerFacet: 1000 }),
  );
  expect(values.status).toBe(400);
  expect(values.json.message).toMatch(/^facets and maxValuesPerFacet: at most 10000 facet values per call/);
  const tags = await post("sunshine-chery.localhost", "/api/search/1/indexes/*/queries", queries(1, { query: "chery", highlightPreTag: "x".repeat(10_000) }));
  expect(tags.status).toBe(400);
  expect(tags.json).toEqual({ message: "highlightPreTag: at most 64 characters (this one has 10000)", status: 400 });
});

test("vehicle images are served at the width asked", async ({ request }) => {
  const res = await request.get(`http://127.0.0.1:${E2E_PORT}/api/images/vehicle/suv/red/front-34.webp?w=320&q=60`, {
    headers: { host: "sunshine-chery.localhost" },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/webp");
});
