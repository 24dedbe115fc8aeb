import type { StatsBannerProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import styles from "./stats-banner.module.css";

type StatsItem = NonNullable<StatsBannerProps["items"]>[number];

/** The spec's group-site figures; props.items replaces them entirely. */
export const DEFAULT_STATS: StatsItem[] = [
  { value: "50+", label: "Locations" },
  { value: "40+", label: "Brands" },
  { value: "30+", label: "Years" },
];

export function StatsBanner({ props }: BlockComponentProps<StatsBannerProps>) {
  const items = props.items && props.items.length > 0 ? props.items : DEFAULT_STATS;
  const heading = props.heading ?? "";
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
