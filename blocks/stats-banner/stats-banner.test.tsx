import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { StatsBannerProps } from "@/runtime/generated/types";
import { StatsBanner } from "./StatsBanner";
import { blockProps } from "@/tests/helpers/block-props";
import { blockSite } from "@/tests/helpers/block-site";

const site = blockSite({}, { origin: "http://t.localhost:3000" });
const html = (props: StatsBannerProps) =>
  renderToStaticMarkup(<>{StatsBanner({ props: blockProps("stats-banner", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "|")
    .split("|")
    .map((s) => s.trim())
    .filter(Boolean);

describe("stats banner block", () => {
  it("shows the spec's figures by default: 50+ locations, 40+ brands, 30+ years", () => {
    const out = html({});
    expect(text(out)).toEqual(["50+", "Locations", "40+", "Brands", "30+", "Years"]);
    expect(out).not.toContain("<h2");
    expect(out).toContain('aria-label="Key figures"');
  });

  it("lets props replace the items and add an h2", () => {
    const out = html({ heading: "At a glance", items: [{ value: "12", label: "Dealerships" }] });
    expect(text(out)).toEqual(["At a glance", "12", "Dealerships"]);
    expect(out).toContain("<h2");
    expect(out).not.toContain("aria-label");
  });

  it("escapes dealer text", () => {
    expect(html({ items: [{ value: "<b>1</b>", label: "x" }] })).toContain("&lt;b&gt;1&lt;/b&gt;");
  });
});
