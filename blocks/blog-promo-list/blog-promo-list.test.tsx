import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { BlogPromoListProps, DealerManifest } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { BlogPromoList } from "./BlogPromoList";
import { blockProps } from "@/tests/helpers/block-props";

const blogPosts = [
  { href: "/news/older", heading: "Older post", date: "2025-11-02" },
  {
    href: "/news/tiggo",
    heading: "Tiggo 7 Pro arrives",
    description: "Engines, safety and pricing.",
    date: "2026-03-05",
    image: "/promos/sunshine-tiggo-7.svg",
  },
  { href: "/news/middle", heading: "Middle post", date: "2026-01-10" },
];

function html(props: BlogPromoListProps, posts: unknown = blogPosts) {
  const manifest = { slug: "t", name: "T", blogPosts: posts } as unknown as DealerManifest;
  const site = { manifest, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "", now: new Date() } as SiteContext;
  return renderToStaticMarkup(<>{BlogPromoList({ props: blockProps("blog-promo-list", props), data: undefined, dataFailed: false, site, slots: {} })}</>);
}

describe("blog promo list block", () => {
  it("lists the newest posts up to the limit, with the default heading and all-posts link", () => {
    const out = html({ limit: 2 });
    expect(out).toContain(">Latest news</h2>");
    expect(out.indexOf("/news/tiggo")).toBeLessThan(out.indexOf("/news/middle"));
    expect(out).not.toContain("Older post");
    expect(out).toMatch(/href="\/news"[^>]*>All news<\/a>/);
  });

  it("shows the date as day, month name and year", () => {
    expect(html({})).toMatch(/<time[^>]+dateTime="2026-03-05"[^>]*>5 March 2026<\/time>/);
  });

  it("leaves out the all-posts link when its path is empty", () => {
    expect(html({ allPostsHref: "" })).not.toContain("All news");
  });

  it("renders nothing without posts", () => {
    expect(html({}, [])).toBe("");
  });
});
