/**
 * The page types the page benchmarks measure on every sample dealer (`npm run bench`,
 * `npm run bench:script`), and how each resolves to one path of a dealer. One list, so both
 * benchmarks cover the same pages.
 */
import http from "node:http";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..");

// "@used-car" and "@new-car" stand for the first available used or new car of each dealer,
// "@location" for its first location's page, "@model" for its first model page and "@checkout"
// for the used car's checkout (reserve online; skipped where the dealer's reserve flag is off),
// "@journey" for the used car's checkout journey (skipped where the onlinePurchase flag is off).
export const PAGE_TYPES: Record<string, string> = {
  "/": "home",
  "/search/new-used-and-demo-cars": "search",
  "/special-offers": "offers search",
  "@used-car": "vehicle (used)",
  "@new-car": "vehicle (new)",
  "/finance": "finance",
  "/contact": "contact",
  "/book-test-drive": "book a test drive",
  "@location": "location",
  "/dealerships": "dealer locator",
  "@model": "model",
  "/brands": "brands",
  "/sign-in": "sign-in",
  "/compare": "compare",
  "/about-us": "content (about us)",
  "@checkout": "checkout",
  "@journey": "checkout journey",
};

/** A request to the server on loopback `port` with the dealer's Host header. */
export function request(port: number, method: "GET" | "POST", host: string, urlPath: string, body?: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: urlPath, method, headers: { host, ...(body === undefined ? {} : { "content-type": "text/plain" }) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The dealer's path for a page type key (a path as it is, or an "@" placeholder); null when it has none. */
export async function resolvePath(port: number, host: string, p: string, slug: string): Promise<string | null> {
  if (!p.startsWith("@")) return p;
  if (p === "@location" || p === "@model") {
    const manifest = JSON.parse(readFileSync(path.join(root, "manifests", `${slug}.json`), "utf8")) as {
      locationPagePath?: string;
      locations?: Array<{ slug?: string }>;
      models?: Array<{ slug?: string }>;
    };
    // Model pages are the template's /models/[model] pattern: the catalogue's first model.
    if (p === "@model") {
      const model = manifest.models?.find((m) => m.slug)?.slug;
      return model ? `/models/${encodeURIComponent(model)}` : null;
    }
    const location = manifest.locations?.find((l) => l.slug)?.slug;
    return location ? `${manifest.locationPagePath ?? "/locations"}/${location}` : null;
  }
  const carType = p === "@used-car" || p === "@checkout" || p === "@journey" ? "used" : "new";
  const answer = JSON.parse(
    (
      await request(
        port,
        "POST",
        host,
        "/api/search/1/indexes/*/queries",
        JSON.stringify({ requests: [{ indexName: "Car_production", filters: `car_type:${carType} AND status:in_stock`, hitsPerPage: 1 }] }),
      )
    ).body.toString("utf8"),
  );
  const carSlug = answer.results?.[0]?.hits?.[0]?.slug;
  if (!carSlug) return null;
  if (p === "@journey") return `/checkout-journey?car_id=${encodeURIComponent(carSlug)}`;
  return p === "@checkout" ? `/cars/${carSlug}/checkout` : `/cars/${carSlug}`;
}

/** Every built script and stylesheet, as its `/_next/static/…` path. */
function builtAssets(dir = path.join(root, ".next", "static"), prefix = "/_next/static"): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...builtAssets(path.join(dir, entry.name), `${prefix}/${entry.name}`));
    else if (/\.(js|css)$/.test(entry.name)) found.push(`${prefix}/${entry.name}`);
  }
  return found;
}

function headOf(port: number, urlPath: string): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: urlPath, method: "HEAD", headers: { host: `localhost:${port}`, "accept-encoding": "br" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.headers));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/**
 * Waits until the server answers every built script and stylesheet from its store of
 * precompressed files (runtime/http/static-brotli.mjs: a fixed Content-Length, where compressing
 * on the fly streams), so the first pages measured get the same bytes as the last. The server
 * compresses them in the background after start; this gives up after `timeoutMs` (a server
 * started with PRECOMPRESS_STATIC=0 never has them all) and says how many were ready.
 */
export async function waitForBuiltAssets(port: number, timeoutMs = 120_000): Promise<{ ready: number; total: number }> {
  const assets = builtAssets();
  const started = Date.now();
  let waiting = assets;
  while (waiting.length > 0 && Date.now() - started < timeoutMs) {
    const answers = await Promise.all(waiting.map(async (a) => [a, (await headOf(port, a))["content-length"] !== undefined] as const));
    waiting = answers.filter(([, ready]) => !ready).map(([a]) => a);
    if (waiting.length) await new Promise((r) => setTimeout(r, 500));
  }
  return { ready: assets.length - waiting.length, total: assets.length };
}

/** A page a benchmark measures: the dealer, its host, the page type's key and the path it resolved to, and the warm-up answer. */
export interface ServedPage {
  slug: string;
  host: string;
  wanted: string;
  path: string;
  first: { status: number; body: Buffer };
}

/**
 * Every page type of every dealer a benchmark measures, in order: the type resolved to the
 * dealer's path (skipped when the dealer has none) and asked for once, so the measurement is of
 * the page and not of a route's first render; a page that does not answer 200 is said and skipped.
 */
export async function* servedPages(port: number, slugs: readonly string[], wanted: readonly string[]): AsyncGenerator<ServedPage> {
  for (const slug of slugs) {
    for (const w of wanted) {
      const host = `${slug}.localhost:${port}`;
      const p = await resolvePath(port, host, w, slug);
      if (!p) continue;
      const first = await request(port, "GET", host, p);
      if (first.status !== 200) {
        console.log(`${slug} ${p}: status ${first.status}, skipped`);
        continue;
      }
      yield { slug, host, wanted: w, path: p, first };
    }
  }
}
