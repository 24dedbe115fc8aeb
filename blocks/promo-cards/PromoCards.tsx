import type { ResolvedPromoCardsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { promoColumns } from "./domain";
import styles from "./promo-cards.module.css";

/** Promo card images are drawn 16:9; the attributes reserve the box. */
const IMAGE_WIDTH = 640;
const IMAGE_HEIGHT = 360;

export function PromoCards({ props }: BlockComponentProps<ResolvedPromoCardsProps>) {
  const CardHeading = props.heading ? "h3" : "h2";
  return (
    <section className={styles.section} aria-label={props.heading ? undefined : "Promotions"} data-columns={promoColumns(props.cards.length)}>
      {props.heading ? <h2 className={styles.heading}>{props.heading}</h2> : null}
      <ul className={styles.grid}>
        {props.cards.map((card, i) => {
          const image = card.image ? safeHref(card.image) : null;
          return (
            <li key={`${card.href}-${i}`} className={styles.card}>
              {image ? (
                // Decorative: the card's heading says what the promotion is.
                <img className={styles.image} src={image} alt="" width={IMAGE_WIDTH} height={IMAGE_HEIGHT} loading="lazy" decoding="async" />
              ) : null}
              <div className={styles.body}>
                <CardHeading className={styles.title}>{card.heading}</CardHeading>
                <p className={styles.text}>{card.text}</p>
                <DealerLink href={card.href} className={styles.link}>
                  {card.linkLabel}
                </DealerLink>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
