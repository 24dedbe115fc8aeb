import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { DealerManifest, Tile, TilesGridProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { TilesGrid } from "./TilesGrid";
import { blockProps } from "@/tests/helpers/block-props";

const tiles: Tile[] = [
  { id: "b", title: "Second by position", position: 2, image: "/promos/b.svg", href: "/b", cta: "See deal" },
  { id: "a", title: "First by position", text: "Save big", position: 1, href: "/a" },
  // A sale tile live 1 to 24 July 2025, Brisbane time (UTC+10).
  { id: "sale", title: "July sale", position: 0, start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00", href: "/special-offers" },
  { id: "slider-only", title: "Slider only", display: ["slider"], strictDisplay: true },
  { id: "offers", title: "Offers page", display: ["offers"], strictDisplay: true, href: "/special-offers" },
  { id: "listed-home", title: "Listed for home", display: ["home"], position: 3 },
  { id: "flagged", title: "Finance deal", flag: "finance", href: "/finance" },
  { id: "evil", title: "Evil", href: "javascript:alert(1)", image: "javascript:alert(2)" },
];

function html(props: TilesGridProps, now: Date, features: Record<string, boolean> = {}) {
  const manifest = { slug: "t", name: "T", tiles, features } as unknown as DealerManifest;
  const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "http://t.localhost:3000", now } as SiteContext;
  return renderToStaticMarkup(<>{TilesGrid({ props: blockProps("tiles-grid", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}
const titles = (out: string) => [...out.matchAll(/<h[23][^>]*>([^<]+)<\/h[23]>/g)].map((m) => m[1]);

describe("tiles grid block", () => {
  it("shows the tiles live for home in position order, respecting display lists and strictDisplay", () => {
    const out = html({}, new Date("2025-06-15T00:00:00Z"));
    expect(titles(out)).toEqual(["First by position", "Second by position", "Listed for home", "Evil"]);
  });

  it("shows a dated tile only inside its window, in Brisbane time", () => {
    // 30 June 2025 23:59 in Brisbane is 13:59 UTC: not yet.
    expect(titles(html({}, new Date("2025-06-30T13:59:00Z")))).not.toContain("July sale");
    // 1 July 2025 00:00 in Brisbane is 30 June 14:00 UTC: live.
    expect(titles(html({}, new Date("2025-06-30T14:00:00Z")))[0]).toBe("July sale");
    expect(titles(html({}, new Date("2025-07-24T13:59:00Z")))[0]).toBe("July sale");
    // 25 July 00:00 Brisbane: expired.
    expect(titles(html({}, new Date("2025-07-24T14:00:00Z")))).not.toContain("July sale");
  });

  it("uses the place from props", () => {
    const out = html({ place: "offers", heading: "Current offers" }, new Date("2025-06-15T00:00:00Z"));
    expect(titles(out)).toContain("Offers page");
    expect(titles(out)).not.toContain("Listed for home");
  });

  it("hides a tile whose feature flag is off", () => {
    expect(titles(html({}, new Date("2025-06-15T00:00:00Z")))).not.toContain("Finance deal");
    expect(titles(html({}, new Date("2025-06-15T00:00:00Z"), { finance: true }))).toContain("Finance deal");
  });

  it("renders image, title, text and a call to action named after the tile", () => {
    const out = html({ heading: "Offers", ctaLabel: "View offer" }, new Date("2025-06-15T00:00:00Z"));
    expect(out).toMatch(/<h2[^>]*>Offers<\/h2>/);
    expect(out).toMatch(/<h3[^>]*>First by position<\/h3>/);
    expect(out).toContain("Save big</p>");
    expect(out).toMatch(/<img[^>]+src="\/promos\/b.svg"[^>]+alt=""[^>]+width="1920"[^>]+height="540"[^>]+loading="lazy"/);
    expect(out).toMatch(/<a[^>]+href="\/b"[^>]*>See deal<span class="visually-hidden">: Second by position<\/span><\/a>/);
    expect(out).toMatch(/<a[^>]+href="\/a"[^>]*>View offer/);
  });

  it("links each tile to its own offer page only when asked to", () => {
    const now = new Date("2025-06-15T00:00:00Z");
    const out = html({ place: "offers", offerPageLabel: "Offer details" }, now);
    expect(out).toMatch(/<a[^>]+href="\/offers\/offers"[^>]*>Offer details<span class="visually-hidden">: Offers page<\/span>/);
    // The tile's own call to action is still there.
    expect(out).toContain('href="/special-offers"');
    expect(html({ place: "offers" }, now)).not.toContain("/offers/offers");
  });

  it("tile titles are h2 when the grid has no heading", () => {
    expect(html({}, new Date("2025-06-15T00:00:00Z"))).toMatch(/<h2[^>]*>First by position<\/h2>/);
  });

  it("drops unsafe image and link urls", () => {
    const out = html({}, new Date("2025-06-15T00:00:00Z"));
    expect(out).not.toContain("javascript:");
    expect(out).toContain("Evil");
  });

  it("renders nothing when no tile is live", () => {
    expect(html({ place: "nowhere-listed" }, new Date("2025-06-15T00:00:00Z"))).not.toContain("Slider only");
    const manifest = { slug: "t", name: "T" } as DealerManifest;
    const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now: new Date() } as SiteContext;
    expect(renderToStaticMarkup(<>{TilesGrid({ props: blockProps("tiles-grid"), data: undefined, dataFailed: false, site, slots: {} })}</>)).toBe("");
  });
});
