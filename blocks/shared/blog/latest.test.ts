import { describe, expect, it } from "vitest";
import { latestPosts, postsInCategory, type BlogPost } from "./latest";

const posts: BlogPost[] = [
  { href: "/a", heading: "A", date: "2026-01-01" },
  { href: "/b", heading: "B", date: "2026-03-01", category: "review" },
  { href: "/c", heading: "C", date: "2026-02-01", category: "news" },
  { href: "/d", heading: "D", date: "2026-02-01" },
];

describe("blog post rules", () => {
  it("orders newest first, stable for equal dates, up to the limit", () => {
    expect(latestPosts(posts, 3).map((p) => p.href)).toEqual(["/b", "/c", "/d"]);
    expect(latestPosts(undefined, 3)).toEqual([]);
  });
  it("filters by category, a post without one counting as news", () => {
    expect(postsInCategory(posts, "all")).toHaveLength(4);
    expect(postsInCategory(posts, "review").map((p) => p.href)).toEqual(["/b"]);
    expect(postsInCategory(posts, "news").map((p) => p.href)).toEqual(["/a", "/c", "/d"]);
  });
});
