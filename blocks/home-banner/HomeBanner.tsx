import type { HomeBannerProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { BannerIcon } from "./icons";
import styles from "./home-banner.module.css";

type HomeBannerItem = NonNullable<HomeBannerProps["items"]>[number];

/** The spec's home banner: latest offers, book service, sell your car. props.items replaces them. */
export const DEFAULT_HOME_BANNER_ITEMS: HomeBannerItem[] = [
  { title: "Latest offers", text: "This month's deals on new, used and demo vehicles.", href: "/special-offers", icon: "tag" },
  { title: "Book a service", text: "Book your next service online in a few minutes.", href: "/service#service-booking", icon: "wrench" },
  { title: "Sell your car", text: "Get a fair price for your current vehicle.", href: "/sell-your-car", icon: "car" },
];

export function HomeBanner({ props }: BlockComponentProps<HomeBannerProps>) {
  const items = props.items && props.items.length > 0 ? props.items : DEFAULT_HOME_BANNER_ITEMS;
  const heading = props.heading ?? "";
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
              <span className={styles.body}>
                <ItemHeading className={styles.title}>{item.title}</ItemHeading>
                {item.text ? <span className={styles.text}>{item.text}</span> : null}
              </span>
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
