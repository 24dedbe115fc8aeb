import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { formatBlogDate } from "./format-date";
import type { BlogPost } from "./latest";
import { BLOG_DESCRIPTION_LIMIT, BLOG_TITLE_LIMIT, truncate } from "./truncate";

/** The class of each part of the item, from the stylesheet of the block that lists it. */
export type BlogPostItemClasses = Record<"item" | "image" | "body" | "title" | "link" | "date" | "description", string>;

/**
 * One blog post as a list item: image, heading as the link to the post, date and
 * description, cut to the spec's lengths. The blocks that list posts differ only in layout.
 */
export function BlogPostItem(p: {
  post: BlogPost;
  timeZone: string;
  /** h2 when the list has no heading of its own, else h3. */
  headingLevel: "h2" | "h3";
  /** The drawn size of the image, which the attributes reserve before it loads. */
  imageSize: { width: number; height: number };
  classes: BlogPostItemClasses;
}) {
  const { post, classes } = p;
  const image = safeHref(post.image);
  const date = formatBlogDate(post.date, p.timeZone);
  const Heading = p.headingLevel;
  return (
    <li className={classes.item}>
      {image ? (
        // Decorative: the heading says what the post is about.
        <img className={classes.image} src={image} alt="" width={p.imageSize.width} height={p.imageSize.height} loading="lazy" decoding="async" />
      ) : null}
      <div className={classes.body}>
        <Heading className={classes.title}>
          <DealerLink href={post.href} className={classes.link}>
            {truncate(post.heading, BLOG_TITLE_LIMIT)}
          </DealerLink>
        </Heading>
        {date ? (
          <time className={classes.date} dateTime={post.date}>
            {date}
          </time>
        ) : null}
        {post.description ? <p className={classes.description}>{truncate(post.description, BLOG_DESCRIPTION_LIMIT)}</p> : null}
      </div>
    </li>
  );
}
