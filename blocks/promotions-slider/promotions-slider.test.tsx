import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { DealerManifest, PromotionsSliderProps, Tile } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { PromotionsSlider } from "./PromotionsSlider";
import { blockProps } from "@/tests/helpers/block-props";

const tiles: Tile[] = [
  { id: "tiggo", title: "Tiggo 7 Pro", image: "/promos/sunshine-tiggo-7.svg", href: "/models/tiggo-7-pro", position: 1, display: ["slider"] },
  { id: "omoda", title: "Omoda 5 run-out", image: "/promos/sunshine-omoda-runout.svg", href: "/special-offers", position: 2, display: ["slider", "home"] },
  { id: "home-only", title: "Home only", image: "/promos/x.svg", display: ["home"], strictDisplay: true },
  // A sale slide live 1 to 24 July 2025 in Brisbane time.
  { id: "july", title: "July sale", image: "/promos/july.svg", position: 0, start: "2025-07-01T00:00:00", expiry: "2025-07-25T00:00:00" },
  { id: "service", title: "Service special", text: "Capped price servicing", cta: "Book now", position: 3, href: "/service#service-booking" },
];

function html(props: PromotionsSliderProps, now = new Date("2025-06-15T00:00:00Z"), list: Tile[] = tiles) {
  const manifest = { slug: "t", name: "T", tiles: list } as unknown as DealerManifest;
  const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now } as SiteContext;
  return renderToStaticMarkup(<>{PromotionsSlider({ props: blockProps("promotions-slider", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}
const imgs = (out: string) => [...out.matchAll(/<img[^>]*>/g)].map((m) => m[0]);

describe("promotions slider (server render)", () => {
  it("renders the live slider tiles in position order as labelled slides", () => {
    const out = html({});
    expect(out).toMatch(/<section[^>]+aria-roledescription="carousel"[^>]+aria-label="Current promotions"/);
    const alts = imgs(out).map((i) => /alt="([^"]*)"/.exec(i)?.[1]);
    expect(alts).toEqual(["Tiggo 7 Pro", "Omoda 5 run-out"]);
    expect(out).toContain('aria-roledescription="slide" aria-label="1 of 3"');
    expect(out).toContain("Service special"); // a tile without an image still gets a slide
    expect(out).not.toContain("Home only");
  });

  it("gives every image 1920x540; the first eager with high priority, the rest lazy", () => {
    const [first, second] = imgs(html({}));
    expect(first).toContain('width="1920"');
    expect(first).toContain('height="540"');
    expect(first).toContain('loading="eager"');
    expect(first).toMatch(/fetchpriority="high"/i);
    expect(second).toContain('loading="lazy"');
    expect(second).not.toMatch(/fetchpriority/i);
  });

  it("shows a dated slide only inside its Brisbane window", () => {
    expect(html({}, new Date("2025-06-30T13:59:59Z"))).not.toContain("July sale");
    expect(imgs(html({}, new Date("2025-06-30T14:00:00Z")))[0]).toContain('alt="July sale"');
    expect(html({}, new Date("2025-07-24T14:00:00Z"))).not.toContain("July sale");
  });

  it("links each slide through safeHref", () => {
    const out = html({}, undefined, [...tiles, { id: "evil", title: "Evil", href: "javascript:alert(1)" }]);
    expect(out).toContain('href="/models/tiggo-7-pro"');
    expect(out).not.toContain("javascript:");
  });

  it("server-renders the controls: Pause, previous, next and one named dot per slide", () => {
    const out = html({});
    expect(out).toMatch(/<button[^>]+aria-label="Pause slideshow"[^>]*>.*Pause<\/span><\/button>/);
    expect(out).toContain('aria-label="Previous slide"');
    expect(out).toContain('aria-label="Next slide"');
    expect(out.match(/aria-label="Slide \d of 3: /g)).toHaveLength(3);
    expect(out).toContain('aria-label="Slide 1 of 3: Tiggo 7 Pro" aria-current="true"');
    expect(out).toContain('aria-live="off"');
  });

  it("has no Pause button when autoplay is off, and announces slide changes", () => {
    const out = html({ autoplay: false });
    expect(out).not.toContain("Pause");
    expect(out).toContain('aria-live="polite"');
  });

  it("shows captions with title, text and a named call to action when asked", () => {
    const out = html({ showCaptions: true });
    expect(imgs(out)[0]).toContain('alt=""');
    expect(out).toContain("Capped price servicing");
    expect(out).toMatch(/href="\/service#service-booking"[^>]*>Book now<span class="visually-hidden">: Service special<\/span>/);
  });

  it("renders one tile statically, with no carousel controls", () => {
    const out = html({}, undefined, [tiles[0]]);
    expect(out).toContain('alt="Tiggo 7 Pro"');
    expect(out).not.toContain("<button");
    expect(out).not.toContain("aria-roledescription");
  });

  it("renders nothing when no tile is live", () => {
    expect(html({}, undefined, [])).toBe("");
  });
});
