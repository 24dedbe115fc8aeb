import type { DealerManifest } from "@/runtime/generated/types";
import { blogDateValue } from "./format-date";

/** A manifest blog post: the one data shape the blog cards, the blog promo list and /news share. */
export type BlogPost = NonNullable<DealerManifest["blogPosts"]>[number];

/** Newest first (stable for equal dates), at most `limit`. */
export function latestPosts(posts: BlogPost[] | undefined, limit: number, timeZone?: string): BlogPost[] {
  return (posts ?? [])
    .map((post, index) => ({ post, index, at: blogDateValue(post.date, timeZone) }))
    .sort((a, b) => b.at - a.at || a.index - b.index)
    .slice(0, Math.max(0, limit))
    .map(({ post }) => post);
}

/** Posts of one category ('all' keeps every post); a post without a category is news. */
export function postsInCategory(posts: BlogPost[] | undefined, category: "all" | "news" | "review"): BlogPost[] {
  if (category === "all") return posts ?? [];
  return (posts ?? []).filter((post) => (post.category ?? "news") === category);
}
