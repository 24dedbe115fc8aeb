import { expect, test } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import type http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startNextServer, stopNextServer, waitForServer } from "../../scripts/lib/next-server";
import { findCars } from "../helpers/cars";
import { getWithHost, requestWithHost } from "../helpers/http";

// The rendered vehicle page cache (runtime/page-cache) on a production server of its own,
// with copies of manifests/ and .data/stock/ that the tests change: served from Next's cache on the
// second request, refreshed by a manifest edit, a stock file change or /api/revalidate, never
// another dealer's page, and the internal route unreachable from outside.
const PORT = 3202;
const SECRET = "page-cache-e2e";
let dir: string;
let server: ChildProcess | undefined;
const manifests = () => path.join(dir, "manifests");
const stock = () => path.join(dir, "stock");

const SUNSHINE = `sunshine-chery.localhost:${PORT}`;
const HARBOUR = `harbour-motor-group.localhost:${PORT}`;
const get = (host: string, p: string) => getWithHost(PORT, host, p);
const cacheState = (res: { headers: http.IncomingHttpHeaders }) => res.headers["x-nextjs-cache"];
const sections = (body: string) => [...body.matchAll(/data-section="([^"]+)"/g)].map((m) => m[1].replace(/^vdp-/, ""));

const post = (host: string, p: string, body: string, headers: Record<string, string> = {}) =>
  requestWithHost(PORT, host, { method: "POST", path: p, headers: { "content-type": "text/plain", ...headers }, body });

async function carOf(host: string, offset = 0): Promise<string> {
  const [car] = await findCars(PORT, host.split(".localhost")[0], "status:in_stock", 1, offset);
  expect(car, `a car of ${host}`).toBeDefined();
  return car.slug;
}

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "page-cache-"));
  cpSync(path.join(process.cwd(), "manifests"), manifests(), { recursive: true });
  cpSync(path.join(process.cwd(), ".data", "stock"), stock(), { recursive: true });
  server = startNextServer(PORT, {
    env: { ...process.env, MANIFESTS_DIR: manifests(), STOCK_DIR: stock(), MANIFEST_REVALIDATE_SECRET: SECRET, SITE_DIRECTORY: "on" },
  });
  await waitForServer(PORT, { server });
});

test.afterAll(() => {
  stopNextServer(server);
  rmSync(dir, { recursive: true, force: true });
});

test("the second request for a car is served from the page cache; a query string is never cached", async () => {
  const car = await carOf(SUNSHINE, 1);
  const first = await get(SUNSHINE, `/cars/${car}`);
  expect(first.status).toBe(200);
  expect(cacheState(first)).toBe("MISS");
  const second = await get(SUNSHINE, `/cars/${car}`);
  expect(cacheState(second)).toBe("HIT");
  expect(sections(second.body)).toEqual(sections(first.body));
  expect(second.body).toContain("Sunshine Chery");
  expect(second.body).not.toContain("_cached");
  // With a query string the page is rendered for that request (Next would write the query into a cached page).
  const tagged = await get(SUNSHINE, `/cars/${car}?utm_source=page-cache-e2e`);
  expect(tagged.status).toBe(200);
  expect(cacheState(tagged)).toBeUndefined();
  expect((await get(SUNSHINE, `/cars/${car}`)).body).not.toContain("page-cache-e2e");
});

test("one dealer is never served another dealer's cached page", async () => {
  const own = await carOf(HARBOUR);
  expect(cacheState(await get(HARBOUR, `/cars/${own}`))).toBe("MISS");
  expect(cacheState(await get(HARBOUR, `/cars/${own}`))).toBe("HIT");
  for (let i = 0; i < 2; i++) {
    const res = await get(SUNSHINE, `/cars/${own}`);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("Harbour Motor Group");
    expect(res.body).toContain("Page not found");
  }
});

test("the internal cached route is 404 from outside, on every host", async () => {
  const car = await carOf(SUNSHINE);
  // The page itself does not name it (the server drops Next's x-middleware-rewrite); Next's
  // client router is told it on its own requests (x-nextjs-rewritten-path), so a visitor can learn it.
  expect((await get(SUNSHINE, `/cars/${car}`)).headers["x-middleware-rewrite"]).toBeUndefined();
  const res = await getWithHost(PORT, SUNSHINE, `/cars/${car}`, { rsc: "1" });
  const internal = String(res.headers["x-nextjs-rewritten-path"] ?? "");
  expect(internal).toMatch(/^\/_cached\/http\/sunshine-chery\.localhost%3A3202\/[a-z0-9-]+\/cars\//);
  for (const host of [SUNSHINE, HARBOUR, `localhost:${PORT}`]) {
    for (const p of [internal, internal.replace("/_cached/", "/%5Fcached/"), `${internal}.png`]) {
      const direct = await get(host, p);
      expect(direct.status, `${host} ${p}`).toBe(404);
      expect(direct.body).not.toContain(car);
    }
  }
});

test("a dealer's section reorder in its manifest shows on the next reload, without a rebuild", async () => {
  const car = await carOf(SUNSHINE, 2);
  await get(SUNSHINE, `/cars/${car}`);
  const before = await get(SUNSHINE, `/cars/${car}`);
  expect(cacheState(before)).toBe("HIT");
  const file = path.join(manifests(), "sunshine-chery.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  // The section blocks of the dealer's vehicle page, as their data-section names them.
  const page = manifest.routes["/cars/[slug]"].blocks.find((b: { type: string }) => b.type === "vehicle-page");
  const blocks: { type: string }[] = page.slots.sections;
  const order = blocks.map((b) => b.type.replace(/^vehicle-/, ""));
  // The last section the server renders (one filled in the browser, such as recently viewed cars, has no markup yet).
  const rendered = new Set(sections(before.body));
  const last = order.findLastIndex((name) => rendered.has(name));
  const moved = order[last];
  page.slots.sections = [blocks[last], ...blocks.filter((_, i) => i !== last)];
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  // The manifest store sees the change within moments (a file-system event, or its 2 s check).
  await expect.poll(async () => sections((await get(SUNSHINE, `/cars/${car}`)).body)[0], { timeout: 15_000 }).toBe(moved);
  expect(cacheState(await get(SUNSHINE, `/cars/${car}`))).toBe("HIT");
  // Another dealer's cached pages are untouched by this dealer's change.
  const other = await carOf(HARBOUR, 1);
  await get(HARBOUR, `/cars/${other}`);
  page.slots.sections = blocks;
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  await expect.poll(async () => sections((await get(SUNSHINE, `/cars/${car}`)).body)[0], { timeout: 15_000 }).toBe(sections(before.body)[0]);
  expect(cacheState(await get(HARBOUR, `/cars/${other}`))).toBe("HIT");
});

test("a stock file change or a revalidate call renders the car's page afresh", async () => {
  const car = await carOf(SUNSHINE, 3);
  await get(SUNSHINE, `/cars/${car}`);
  expect(cacheState(await get(SUNSHINE, `/cars/${car}`))).toBe("HIT");
  const later = new Date(Date.now() + 60_000);
  utimesSync(path.join(stock(), "sunshine-chery.json"), later, later);
  // Stock files are checked at most every 5 s.
  await expect.poll(async () => cacheState(await get(SUNSHINE, `/cars/${car}`)), { timeout: 15_000, intervals: [1000] }).toBe("MISS");
  expect(cacheState(await get(SUNSHINE, `/cars/${car}`))).toBe("HIT");

  const revalidate = await post(`localhost:${PORT}`, "/api/revalidate", JSON.stringify({ site: "sunshine-chery", car }), { authorization: `Bearer ${SECRET}` });
  expect(revalidate.status).toBe(200);
  expect(JSON.parse(revalidate.body).expired).toBe(`car:sunshine-chery:${car}`);
  expect(cacheState(await get(SUNSHINE, `/cars/${car}`))).toBe("MISS");
  expect((await post(`localhost:${PORT}`, "/api/revalidate", "{not json", { authorization: `Bearer ${SECRET}` })).status).toBe(400);
});

test("the home page, a search page and a page of text are cached too", async () => {
  for (const p of ["/", "/search/new-used-and-demo-cars", "/pages/owners"]) {
    const first = await get(HARBOUR, p);
    expect(first.status, p).toBe(200);
    expect(cacheState(first), p).toBe("MISS");
    const second = await get(HARBOUR, p);
    expect(cacheState(second), p).toBe("HIT");
    expect(second.body, p).toBe(first.body);
  }
});

test("other pages are still rendered per request: forms, a query string", async () => {
  for (const p of ["/?utm_source=e2e", "/search/new-used-and-demo-cars?make=Kia", "/contact", "/no-such-page"]) {
    const res = await get(SUNSHINE, p);
    expect(cacheState(res), p).toBeUndefined();
    expect(String(res.headers["cache-control"]), p).toContain("no-store");
  }
});

test("a repeated page is answered from the server's store as it first left: the same page and policy, an ETag and 304, brotli", async () => {
  const car = await carOf(SUNSHINE, 4);
  const first = await get(SUNSHINE, `/cars/${car}`);
  expect(cacheState(first)).toBe("MISS");
  // The store takes the page once its compressed forms are made (off the event loop).
  await expect.poll(async () => String((await get(SUNSHINE, `/cars/${car}`)).headers.etag), { timeout: 15_000, intervals: [200] }).toMatch(/^W\/"/);
  const hit = await getWithHost(PORT, SUNSHINE, `/cars/${car}`, { "accept-encoding": "gzip, br" });
  expect(hit.headers["content-encoding"]).toBe("br");
  expect(hit.body).toBe(first.body);
  expect(hit.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  expect(cacheState(hit)).toBe("HIT");
  const again = await getWithHost(PORT, SUNSHINE, `/cars/${car}`, { "if-none-match": String(hit.headers.etag) });
  expect(again.status).toBe(304);
  expect(again.headers["content-security-policy"]).toBeUndefined();
  // Another dealer's host with the same path never gets it.
  expect((await get(HARBOUR, `/cars/${car}`)).status).toBe(404);
});
