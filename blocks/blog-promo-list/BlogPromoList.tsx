import type { ResolvedBlogPromoListProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { formatBlogDate } from "@/blocks/shared/blog/format-date";
import { siteTimeZone } from "@/runtime/time";
import { latestPosts } from "@/blocks/shared/blog/latest";
import { BLOG_DESCRIPTION_LIMIT, BLOG_TITLE_LIMIT, truncate } from "@/blocks/shared/blog/truncate";
import styles from "./blog-promo-list.module.css";

/** Thumbnails are drawn 16:9; the attributes reserve the box. */
const THUMB_WIDTH = 160;
const THUMB_HEIGHT = 90;

/** The newest blog posts (the manifest's blogPosts, the same Blog cards /news shows) as a compact list. */
export function BlogPromoList({ props, site }: BlockComponentProps<ResolvedBlogPromoListProps>) {
  const posts = latestPosts(site.manifest.blogPosts, props.limit, siteTimeZone(site.manifest));
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="blog-promo-list-heading">
      <h2 id="blog-promo-list-heading" className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.list}>
        {posts.map((post, i) => {
          const image = post.image ? safeHref(post.image) : null;
          const date = formatBlogDate(post.date, siteTimeZone(site.manifest));
          return (
            <li key={`${post.href}-${i}`} className={styles.item}>
              {image ? (
                // Decorative: the heading says what the post is about.
                <img className={styles.thumb} src={image} alt="" width={THUMB_WIDTH} height={THUMB_HEIGHT} loading="lazy" decoding="async" />
              ) : null}
              <div className={styles.body}>
                <h3 className={styles.title}>
                  <DealerLink href={post.href} className={styles.link}>
                    {truncate(post.heading, BLOG_TITLE_LIMIT)}
                  </DealerLink>
                </h3>
                {date ? (
                  <time className={styles.date} dateTime={post.date}>
                    {date}
                  </time>
                ) : null}
                {post.description ? <p className={styles.description}>{truncate(post.description, BLOG_DESCRIPTION_LIMIT)}</p> : null}
              </div>
            </li>
          );
        })}
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
