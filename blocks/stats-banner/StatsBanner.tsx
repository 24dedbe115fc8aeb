import type { ResolvedStatsBannerProps } from "@/runtime/generated/types";
import { blockPropsDefaults } from "@/runtime/generated/block-defaults";
import type { BlockComponentProps } from "@/runtime/render/types";
import styles from "./stats-banner.module.css";

/** The group-site figures (the schema's default items) unless props.items lists others. */
export function StatsBanner({ props }: BlockComponentProps<ResolvedStatsBannerProps>) {
  // An empty list shows the default figures too (from the block's schema).
  const items = props.items.length > 0 ? props.items : blockPropsDefaults["stats-banner"]!.items;
  const heading = props.heading;
  return (
    <section className={styles.banner} aria-label={heading ? undefined : "Key figures"}>
      <div className={styles.inner}>
        {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
        <ul className={styles.list}>
          {items.map((item, i) => (
            <li key={i} className={styles.item}>
              <span className={styles.value}>{item.value}</span> <span className={styles.label}>{item.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
