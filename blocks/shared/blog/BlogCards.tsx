import type { ResolvedBlogCardsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { siteTimeZone } from "@/runtime/time";
import { latestPosts, postsInCategory } from "@/blocks/shared/blog/latest";
import { BlogPostItem } from "@/blocks/shared/blog/BlogPostItem";
import styles from "./blog-cards.module.css";

export { latestPosts };

/** Blog card images are drawn 16:9; the attributes reserve the box. */
const IMAGE_SIZE = { width: 640, height: 360 };

const CLASSES = {
  item: styles.card,
  image: styles.image,
  body: styles.body,
  title: styles.title,
  link: styles.link,
  date: styles.date,
  description: styles.description,
};

export function BlogCards({ props, site }: BlockComponentProps<ResolvedBlogCardsProps>) {
  const timeZone = siteTimeZone(site.manifest);
  const posts = latestPosts(postsInCategory(site.manifest.blogPosts, props.category), props.limit, timeZone);
  if (posts.length === 0) return null;
  const heading = props.heading;
  return (
    <section className={styles.section} aria-label={heading ? undefined : "Blog posts"}>
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.grid}>
        {posts.map((post, i) => (
          <BlogPostItem
            key={`${post.href}-${i}`}
            post={post}
            timeZone={timeZone}
            headingLevel={heading ? "h3" : "h2"}
            imageSize={IMAGE_SIZE}
            classes={CLASSES}
          />
        ))}
      </ul>
    </section>
  );
}
