/**
 * The page types the page benchmarks measure on every sample dealer (`npm run bench`,
 * `npm run bench:script`), and how each resolves to one path of a dealer. One list, so both
 * benchmarks cover the same pages.
 */
import http from "node:http";
import { readFileSync } from "node:fs";
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
