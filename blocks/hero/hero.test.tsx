import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { HeroProps } from "@/runtime/generated/types";
import { Hero } from "./Hero";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

const site = blockSite({}, { origin: "http://t.localhost:3000" });
const html = (props: HeroProps, breaksSchema = false) =>
  renderToStaticMarkup(<>{Hero({ props: blockProps("hero", props, { breaksSchema }), data: undefined, dataFailed: false, site, slots: {} })}</>);

describe("hero block", () => {
  it("renders the heading as the page's h1 with the subheading", () => {
    const out = html({ heading: "Brisbane's home of Chery", subheading: "New and used" });
    expect(out).toMatch(/<h1[^>]*>Brisbane&#x27;s home of Chery<\/h1>/);
    expect(out).toContain("New and used</p>");
    expect(out).not.toContain("<img");
  });

  it("draws the background image with its size and high priority by default", () => {
    const out = html({ heading: "Hi", image: { src: "/promos/hero-group.svg", alt: "", width: 1600, height: 700 } });
    expect(out).toMatch(/<img[^>]+src="\/promos\/hero-group.svg"/);
    expect(out).toContain('width="1600"');
    expect(out).toContain('height="700"');
    expect(out).toContain('alt=""');
    expect(out).toContain('loading="eager"');
    expect(out).toMatch(/fetchpriority="high"/i);
  });

  it("lazy-loads the image when the hero is not the first thing on the page", () => {
    const out = html({ heading: "Hi", imagePriority: false, image: { src: "/x.svg", alt: "Showroom", width: 10, height: 5 } });
    expect(out).toContain('loading="lazy"');
    expect(out).not.toMatch(/fetchpriority/i);
    expect(out).toContain('alt="Showroom"');
  });

  it("renders at most two calls to action and drops unsafe links", () => {
    const ctas = [
      { label: "Browse stock", href: "/search/new-used-and-demo-cars" },
      { label: "Call", href: "tel:0733334444", style: "secondary" as const },
      { label: "Third", href: "/third" },
    ] as unknown as HeroProps["ctas"];
    const out = html({ heading: "Hi", ctas }, true);
    expect(out).toContain('href="/search/new-used-and-demo-cars"');
    expect(out).toContain('href="tel:0733334444"');
    expect(out).not.toContain("Third");
    const evil = html({ heading: "Hi", ctas: [{ label: "Evil", href: "javascript:alert(1)" }] });
    expect(evil).not.toContain("javascript:");
    expect(evil).not.toContain("Evil");
  });

  it("escapes dealer text", () => {
    const out = html({ heading: "<script>alert(1)</script>" });
    expect(out).not.toContain("<script>");
    expect(out).toContain("&lt;script&gt;");
  });
});
