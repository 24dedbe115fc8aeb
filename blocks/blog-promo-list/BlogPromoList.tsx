import type { ResolvedBlogPromoListProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { DealerLink } from "@/runtime/render/dealer-link";
import { siteTimeZone } from "@/runtime/time";
import { latestPosts } from "@/blocks/shared/blog/latest";
import { BlogPostItem } from "@/blocks/shared/blog/BlogPostItem";
import styles from "./blog-promo-list.module.css";

/** Thumbnails are drawn 16:9; the attributes reserve the box. */
const THUMB_SIZE = { width: 160, height: 90 };

const CLASSES = {
  item: styles.item,
  image: styles.thumb,
  body: styles.body,
  title: styles.title,
  link: styles.link,
  date: styles.date,
  description: styles.description,
};

/** The newest blog posts (the manifest's blogPosts, the same Blog cards /news shows) as a compact list. */
export function BlogPromoList({ props, site }: BlockComponentProps<ResolvedBlogPromoListProps>) {
  const timeZone = siteTimeZone(site.manifest);
  const posts = latestPosts(site.manifest.blogPosts, props.limit, timeZone);
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="blog-promo-list-heading">
      <h2 id="blog-promo-list-heading" className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.list}>
        {posts.map((post, i) => (
          <BlogPostItem key={`${post.href}-${i}`} post={post} timeZone={timeZone} headingLevel="h3" imageSize={THUMB_SIZE} classes={CLASSES} />
        ))}
      </ul>
      {props.allPostsHref ? (
        <p className={styles.more}>
          <DealerLink href={props.allPostsHref} className={styles.moreLink}>
            {props.allPostsLabel}
          </DealerLink>
        </p>
      ) : null}
    </section>
  );
}
