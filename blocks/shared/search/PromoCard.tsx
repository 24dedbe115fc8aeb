import type { PromoCardContent } from "@/blocks/shared/search/domain/promo-cards";
import { safeHref } from "@/runtime/safe-href";
import styles from "./search.module.css";

/** A promotional card in the results grid ('We want your car', similar-car promo...). */
export function PromoCard({ card }: { card: PromoCardContent }) {
  const href = safeHref(card.href);
  const image = safeHref(card.image);
  return (
    <div className={styles.promo} data-testid="promo-card">
      {image ? <img className={styles.promoImage} src={image} alt="" width={640} height={480} loading="lazy" decoding="async" /> : null}
      <div className={styles.promoBody}>
        <h3 className={styles.promoTitle}>{card.title}</h3>
        {card.text ? <p>{card.text}</p> : null}
        {href ? (
          <a className={styles.button} href={href}>
            {card.cta ?? "Find out more"}
            <span className="visually-hidden">: {card.title}</span>
          </a>
        ) : null}
      </div>
    </div>
  );
}
