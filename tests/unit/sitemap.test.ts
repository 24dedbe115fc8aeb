import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { pageUrlRegistry } from "../../blocks/page-urls";
import { loadManifest } from "../../runtime/manifest/load";
import { listManifestFiles } from "../../runtime/manifest/store";
import type { DealerManifest } from "../../runtime/generated/types";
import { sitemapEntries, type PageUrl } from "../../runtime/render/sitemap";
import { matchRoute } from "../../runtime/routing";
import { isEnabled } from "../../runtime/flags";
import { carBySlug } from "../../runtime/inventory/cars";
import { listBlockTypes } from "../../scripts/lib/generated-files";
import { REPO_MANIFESTS, REPO_PUBLIC, REPO_ROOT } from "../helpers/manifest-fixture";

// The sample dealers' sitemaps through the generated registry and the demo stock
// (`npx tsx scripts/stock-setup.ts` makes it).
const dealers = new Map<string, { manifest: DealerManifest; urls: PageUrl[] }>();

beforeAll(async () => {
  for (const file of listManifestFiles(REPO_MANIFESTS)) {
    const loaded = loadManifest(file, { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC });
    if (!loaded.ok) throw new Error(`${file} does not load`);
    const { urls } = await sitemapEntries(loaded.manifest, pageUrlRegistry, { log: (m) => expect.fail(m) });
    dealers.set(loaded.manifest.slug, { manifest: loaded.manifest, urls });
  }
}, 60_000);

const paths = (slug: string) => dealers.get(slug)!.urls.map((u) => u.path);

describe("the sample dealers' sitemaps", () => {
  it("list only pages of indexable, enabled routes, each once", () => {
    for (const { manifest, urls } of dealers.values()) {
      const all = urls.map((u) => u.path);
      expect(new Set(all).size).toBe(all.length);
      for (const p of all) {
        const route = manifest.routes[matchRoute(Object.keys(manifest.routes), p)!.pattern];
        expect(route.noindex, `${manifest.slug} ${p}`).not.toBe(true);
        expect(isEnabled(manifest, route.flag), `${manifest.slug} ${p}`).toBe(true);
      }
      expect(all).not.toContain("/success");
    }
  });

  it("list the dealer's cars, each a car the vehicle page finds, with its lastmod", async () => {
    for (const { manifest, urls } of dealers.values()) {
      const cars = urls.filter((u) => matchRoute(Object.keys(manifest.routes), u.path)?.pattern === "/cars/[slug]");
      expect(cars.length, manifest.slug).toBeGreaterThan(100);
      expect(cars.every((u) => u.lastModified instanceof Date)).toBe(true);
      for (const u of cars.slice(0, 5)) expect(await carBySlug(manifest, decodeURIComponent(u.path.split("/")[2])), u.path).not.toBeNull();
    }
  });

  it("list the model pages, the location pages under the site's own location path, and the brands with a page", () => {
    expect(paths("sunshine-chery")).toEqual(expect.arrayContaining(["/models/omoda-5", "/models/tiggo-9", "/contact-us/springwood"]));
    expect(paths("sunshine-chery").filter((p) => /^\/(locations|our-location)\//.test(p))).toEqual([]);
    expect(paths("twg-group")).toContain("/neotek/overview");
    expect(paths("twg-group")).not.toContain("/toyota/overview");
  });
});

describe("the sitemap walker names no page type", () => {
  const sources = ["runtime/render/seo.ts", "runtime/render/sitemap.ts"].map((f) => [f, readFileSync(path.join(REPO_ROOT, f), "utf8")] as const);

  it("has no path literal and no block type in its source", () => {
    const types = listBlockTypes(REPO_ROOT);
    for (const [file, text] of sources) {
      expect(text.match(/["'`]\/[\w[]/g), file).toBeNull();
      expect(
        types.filter((t) => text.includes(`"${t}"`) || text.includes(`'${t}'`)),
        file,
      ).toEqual([]);
    }
  });
});
