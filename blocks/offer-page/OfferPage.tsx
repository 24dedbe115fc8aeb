import { notFound } from "next/navigation";
import type { ResolvedOfferPageProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { pageOffer } from "./domain";
import styles from "./offer-page.module.css";
import { siteTimeZone } from "@/runtime/time";

export function OfferPage({ props, site }: BlockComponentProps<ResolvedOfferPageProps>) {
  const offer = pageOffer(site.manifest.tiles, site.params.id, site.now, siteTimeZone(site.manifest));
  if (!offer) notFound();
  const image = safeHref(offer.image);
  const href = safeHref(offer.href);
  return (
    <article className={styles.offer} aria-labelledby="offer-heading">
      {image ? (
        <div className={styles.media}>
          <img className={styles.image} src={image} alt="" width={1920} height={540} fetchPriority="high" decoding="async" />
        </div>
      ) : null}
      <h1 id="offer-heading" className={styles.title}>
        {offer.title}
      </h1>
      {offer.text ? <p className={styles.text}>{offer.text}</p> : null}
      <p className={styles.actions}>
        {href ? (
          <DealerLink className="button" href={href}>
            {offer.cta ?? "Find out more"}
          </DealerLink>
        ) : null}
        <DealerLink className="button button--outline" href="/special-offers">
          {props.backLabel}
        </DealerLink>
      </p>
    </article>
  );
}
