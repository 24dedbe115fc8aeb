import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { HomeBannerProps } from "@/runtime/generated/types";
import { HomeBanner } from "./HomeBanner";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

const site = blockSite({}, { origin: "http://t.localhost:3000" });
const html = (props: HomeBannerProps) =>
  renderToStaticMarkup(<>{HomeBanner({ props: blockProps("home-banner", props), data: undefined, dataFailed: false, site, slots: {} })}</>);

describe("home banner block", () => {
  it("shows latest offers, book service and sell your car by default", () => {
    const out = html({});
    const links = [...out.matchAll(/<a[^>]+href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(["/special-offers", "/service#service-booking", "/sell-your-car"]);
    expect(out).toContain("Latest offers");
    expect(out).toContain("Book a service");
    expect(out).toContain("Sell your car");
    expect(out.match(/<h2/g)).toHaveLength(3);
    expect(out).toContain('aria-hidden="true"');
  });

  it("lets props replace the items; titles go under the section h2", () => {
    const out = html({ heading: "How can we help?", items: [{ title: "Trade in", href: "/trade-in", icon: "none" }] });
    expect(out).toMatch(/<h2[^>]*>How can we help\?<\/h2>/);
    expect(out).toMatch(/<a[^>]+href="\/trade-in"[^>]*>.*<h3[^>]*>Trade in<\/h3>/);
    expect(out).not.toContain("<svg");
    expect(out).not.toContain("/special-offers");
  });

  it("keeps an item with an unsafe link but does not link it", () => {
    const out = html({ items: [{ title: "Bad", href: "javascript:alert(1)" }] });
    expect(out).toContain("Bad");
    expect(out).not.toContain("javascript:");
    expect(out).not.toContain("<a");
  });
});
