import type { ResolvedBlogCardsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { formatBlogDate } from "@/blocks/shared/blog/format-date";
import { siteTimeZone } from "@/runtime/time";
import { latestPosts, postsInCategory } from "@/blocks/shared/blog/latest";
import { BLOG_DESCRIPTION_LIMIT, BLOG_TITLE_LIMIT, truncate } from "@/blocks/shared/blog/truncate";
import styles from "./blog-cards.module.css";

export { latestPosts };

/** Blog card images are drawn 16:9; the attributes reserve the box. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

export function BlogCards({ props, site }: BlockComponentProps<ResolvedBlogCardsProps>) {
  const posts = latestPosts(postsInCategory(site.manifest.blogPosts, props.category), props.limit, siteTimeZone(site.manifest));
  if (posts.length === 0) return null;
  const heading = props.heading;
  const CardHeading = heading ? "h3" : "h2";
  return (
    <section className={styles.section} aria-label={heading ? undefined : "Blog posts"}>
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.grid}>
        {posts.map((post, i) => {
          const image = safeHref(post.image);
          const date = formatBlogDate(post.date, siteTimeZone(site.manifest));
          const title = truncate(post.heading, BLOG_TITLE_LIMIT);
          return (
            <li key={`${post.href}-${i}`} className={styles.card}>
              {image ? (
                // Decorative: the card's heading says what the post is about.
                <img className={styles.image} src={image} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
              ) : null}
              <div className={styles.body}>
                <CardHeading className={styles.title}>
                  <DealerLink href={post.href} className={styles.link}>
                    {title}
                  </DealerLink>
                </CardHeading>
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
    </section>
  );
}
