import type { ResolvedHomeBannerProps } from "@/runtime/generated/types";
import { blockPropsDefaults } from "@/runtime/generated/block-defaults";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { BannerIcon } from "./icons";
import styles from "./home-banner.module.css";

/** Latest offers, book service, sell your car (the schema's default items) unless props.items lists others. */
export function HomeBanner({ props }: BlockComponentProps<ResolvedHomeBannerProps>) {
  // An empty list shows the default items too (from the block's schema).
  const items = props.items.length > 0 ? props.items : blockPropsDefaults["home-banner"]!.items;
  const heading = props.heading;
  // Item titles sit one level under the section heading, or are the section's h2s themselves.
  const ItemHeading = heading ? "h3" : "h2";
  return (
    <section className={styles.section} aria-label={heading ? undefined : "Quick links"}>
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.list}>
        {items.map((item, i) => {
          const body = (
            <>
              <BannerIcon name={item.icon} className={styles.icon} />
              {/* A div, not a span: a heading is flow content, which a span may not hold. */}
              <div className={styles.body}>
                <ItemHeading className={styles.title}>{item.title}</ItemHeading>
                {item.text ? <span className={styles.text}>{item.text}</span> : null}
              </div>
            </>
          );
          return (
            <li key={i} className={styles.item}>
              {safeHref(item.href) ? (
                <DealerLink href={item.href} className={styles.card}>
                  {body}
                </DealerLink>
              ) : (
                <div className={styles.card}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
