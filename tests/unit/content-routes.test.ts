import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadManifest } from "../../runtime/manifest/load";
import { isEnabled } from "../../runtime/flags";
import { matchRoute } from "../../runtime/routing";
import { liveTiles } from "../../runtime/tiles";
import { siteTimeZone } from "../../runtime/time";
import type { DealerManifest } from "../../runtime/generated/types";
import { headerNavItems } from "../../blocks/site-header/nav-items";
import { REPO_MANIFESTS, REPO_PUBLIC } from "../helpers/manifest-fixture";

function sample(slug: string): DealerManifest {
  const result = loadManifest(path.join(REPO_MANIFESTS, `${slug}.json`), { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC });
  if (!result.ok) throw new Error(`${slug} does not load`);
  return result.manifest;
}

/** The page a path shows, when the site has it switched on. */
function livePage(m: DealerManifest, pathname: string) {
  const match = matchRoute(Object.keys(m.routes), pathname);
  if (!match || match.pattern !== pathname) return null;
  const route = m.routes[match.pattern];
  return isEnabled(m, route.flag) ? route : null;
}

const menuHrefs = (m: DealerManifest) => headerNavItems(m).flatMap((i) => [i.href, ...(i.children ?? []).map((c) => c.href)]);

describe("the spec's content pages on the sample dealers", () => {
  it.each([
    ["harbour-motor-group", ["/warranty", "/buying", "/eofy"]],
    ["twg-group", ["/blog", "/blog/vehicle-reviews"]],
  ])("%s has %j as pages, each linked from its header menu", (slug, paths) => {
    const m = sample(slug);
    for (const p of paths) {
      const page = livePage(m, p);
      expect(
        page?.blocks.some((b) => b.type === "rich-text" && (b.props as { headingLevel?: number }).headingLevel === 1),
        p,
      ).toBe(true);
      expect(menuHrefs(m), p).toContain(p);
    }
  });

  it("TWG's blog pages list its posts: news and reviews on /blog, reviews only on /blog/vehicle-reviews", () => {
    const m = sample("twg-group");
    const categories = (p: string) => livePage(m, p)!.blocks.flatMap((b) => (b.type === "blog-cards" ? [(b.props as { category: string }).category] : []));
    expect(categories("/blog")).toEqual(["news", "review"]);
    expect(categories("/blog/vehicle-reviews")).toEqual(["review"]);
    expect(m.blogPosts?.some((p) => p.category === "review")).toBe(true);
  });

  it("Harbour's EOFY deals show on /eofy only during June (Brisbane time); the page itself says when the sale runs", () => {
    const m = sample("harbour-motor-group");
    const grid = livePage(m, "/eofy")!.blocks.find((b) => b.type === "tiles-grid");
    const place = (grid?.props as { place: string }).place;
    const live = (iso: string) => liveTiles(m.tiles, place, new Date(iso), siteTimeZone(m)).map((t) => t.id);
    expect(live("2026-11-27T02:00:00Z")).toEqual([]);
    expect(live("2027-05-31T13:59:00Z")).toEqual([]); // 11:59 pm on 31 May in Brisbane
    expect(live("2027-05-31T14:00:00Z")).toEqual(["eofy"]); // midnight, 1 June
    expect(live("2027-06-30T13:59:00Z")).toEqual(["eofy"]);
    expect(live("2027-06-30T14:00:00Z")).toEqual([]); // 1 July
    expect(JSON.stringify(livePage(m, "/eofy"))).toContain("1 to 30 June");
  });

  it("/diamond-advantage comes from the template, off unless a dealer turns diamondAdvantage on", () => {
    for (const slug of ["harbour-motor-group", "twg-group", "sunshine-chery", "outback-caravans"]) {
      const m = sample(slug);
      expect(m.routes["/diamond-advantage"]?.flag, slug).toBe("diamondAdvantage");
      expect(livePage(m, "/diamond-advantage"), slug).toBeNull();
      expect(livePage({ ...m, features: { ...m.features, diamondAdvantage: true } }, "/diamond-advantage")?.title, slug).toBe("Diamond Advantage");
    }
  });
});
