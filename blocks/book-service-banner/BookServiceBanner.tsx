import { Link } from "@/runtime/ui/link";
import type { ResolvedBookServiceBannerProps } from "@/runtime/generated/types";
import { blockPropsDefaults } from "@/runtime/generated/block-defaults";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { CloseableBanner } from "./CloseableBanner.lazy";
import styles from "./book-service-banner.module.css";

export function BookServiceBanner({ props }: BlockComponentProps<ResolvedBookServiceBannerProps>) {
  const heading = props.heading;
  // An unsafe link is never printed: the block's default link (from its schema) stands in.
  const href = safeHref(props.href) ?? blockPropsDefaults["book-service-banner"]!.href;
  const linkLabel = props.linkLabel;
  const content = (
    <div className={styles.inner}>
      <svg className={styles.icon} viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M22.7 19.3 13.6 10.2a6 6 0 0 0-7.7-7.7l3.9 3.9-2.8 2.8-3.9-3.9a6 6 0 0 0 7.7 7.7l9.1 9.1a1 1 0 0 0 1.4 0l1.4-1.4a1 1 0 0 0 0-1.4z"
        />
      </svg>
      <div className={styles.text}>
        <p className={styles.heading}>{heading}</p>
        {props.text ? <p className={styles.description}>{props.text}</p> : null}
      </div>
      {href.startsWith("/") || href.startsWith("#") ? (
        <Link href={href} className={styles.cta}>
          {linkLabel}
        </Link>
      ) : (
        <a href={href} className={styles.cta} rel="noopener noreferrer">
          {linkLabel}
        </a>
      )}
    </div>
  );
  if (!props.closable) {
    return (
      <section aria-label={heading} className={styles.banner}>
        {content}
      </section>
    );
  }
  return (
    <CloseableBanner label={heading} className={`${styles.banner} ${styles.closable}`} closeClassName={styles.close}>
      {content}
    </CloseableBanner>
  );
}
