import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { BlogCardsProps, DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { BlogCards, latestPosts } from "@/blocks/shared/blog/BlogCards";
import { blockProps } from "@/tests/helpers/block-props";

const longTitle = "The all-new Chery Tiggo 7 Pro arrives in Queensland with a seven-year unlimited kilometre warranty";
const longDescription =
  "Everything you need to know about the Tiggo 7 Pro: engines, safety, warranty, capped price servicing and drive-away pricing in Queensland.";
const blogPosts = [
  { href: "/news/older", heading: "Older post", date: "2025-11-02" },
  { href: "/news/tiggo", heading: longTitle, description: longDescription, date: "2026-03-05", image: "/promos/sunshine-tiggo-7.svg" },
  { href: "javascript:alert(1)", heading: "<b>Bad</b>", date: "2025-01-01" },
];

function html(props: BlogCardsProps, posts: unknown = blogPosts) {
  const manifest = { slug: "t", name: "T", blogPosts: posts } as unknown as DealerManifest;
  const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now: new Date() } as SiteContext;
  return renderToStaticMarkup(<>{BlogCards({ props: blockProps("blog-cards", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}

describe("blog cards block", () => {
  it("shows posts newest first, up to the limit", () => {
    expect(latestPosts(blogPosts, 2).map((p) => p.href)).toEqual(["/news/tiggo", "/news/older"]);
    const out = html({ heading: "Latest news", limit: 1 });
    expect(out).toContain('href="/news/tiggo"');
    expect(out).not.toContain("Older post");
  });

  it("cuts the title at 80 and the description at 100 characters with an ellipsis", () => {
    const out = html({});
    expect(out).toContain(`${longTitle.slice(0, 80).trimEnd()}…</a>`);
    expect(out).not.toContain(longTitle);
    expect(out).toContain(`${longDescription.slice(0, 100).trimEnd()}…</p>`);
  });

  it("shows the date as day, month name, year with a machine-readable time", () => {
    expect(html({})).toMatch(/<time[^>]+dateTime="2026-03-05"[^>]*>5 March 2026<\/time>/);
  });

  it("uses h3 under a section heading, h2 without one", () => {
    expect(html({ heading: "News" })).toMatch(/<h2[^>]*>News<\/h2>.*<h3/);
    expect(html({})).not.toContain("<h3");
  });

  it("lazy-loads the card image with its size", () => {
    expect(html({})).toMatch(/<img[^>]+src="\/promos\/sunshine-tiggo-7.svg"[^>]+alt=""[^>]+width="640"[^>]+height="360"[^>]+loading="lazy"/);
  });

  it("escapes dealer text and drops unsafe links", () => {
    const out = html({});
    expect(out).toContain("&lt;b&gt;Bad&lt;/b&gt;");
    expect(out).not.toContain("javascript:");
  });

  it("renders nothing without posts", () => {
    expect(html({}, [])).toBe("");
    expect(html({}, null)).toBe("");
  });
});
