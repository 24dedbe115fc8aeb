import type { ResolvedModelDiscoverProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { catalogue, modelForPage, modelHref } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";

export function ModelDiscover({ props, site }: BlockComponentProps<ResolvedModelDiscoverProps>) {
  const current = modelForPage(site, props.model);
  const others = catalogue(site.manifest).filter((m) => m.slug !== current?.slug);
  if (others.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="model-discover-heading">
      <h2 id="model-discover-heading" className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.cards}>
        {others.map((m) => {
          const image = safeHref(m.image?.url);
          return (
            <li key={m.slug}>
              <DealerLink href={modelHref(m)} className={`${styles.card} ${styles.cardLink}`}>
                {image ? (
                  <span className={styles.cardMedia}>
                    <img className={styles.picture} src={image} alt="" width={640} height={480} loading="lazy" decoding="async" />
                  </span>
                ) : null}
                <h3>{m.full_name}</h3>
                {m.status === "coming_soon" ? <span className={styles.muted}>Coming soon</span> : null}
              </DealerLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
