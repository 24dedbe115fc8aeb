import type { ResolvedModelVariantsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { formatDriveaway, modelForPage } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";
import { variantAction } from "./domain";

export function ModelVariants({ props, site }: BlockComponentProps<ResolvedModelVariantsProps>) {
  const model = modelForPage(site, props.model);
  if (!model) return null;
  const action = variantAction(model);
  return (
    <section className={styles.section} aria-labelledby="model-variants-heading">
      <h2 id="model-variants-heading" className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.cards}>
        {model.variants.map((v) => {
          const image = safeHref(v.image?.url);
          const id = `variant-${v.id}`;
          return (
            <li key={v.id}>
              <article className={styles.card} aria-labelledby={id}>
                {image ? (
                  <div className={styles.cardMedia}>
                    <img className={styles.picture} src={image} alt="" width={640} height={480} loading="lazy" decoding="async" />
                  </div>
                ) : null}
                <h3 id={id}>{v.full_name ?? `${model.full_name} ${v.name}`}</h3>
                {v.series ? <p className={styles.muted}>Series {v.series}</p> : null}
                <p className={styles.price}>
                  {v.driveaway_price !== undefined ? (
                    <>
                      {formatDriveaway(v.driveaway_price)} <span className={styles.muted}>driveaway</span>
                    </>
                  ) : (
                    "Enquire for price"
                  )}
                </p>
                {v.features && v.features.length > 0 ? (
                  <ul className={styles.features}>
                    {v.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                ) : null}
                <div className={styles.cardAction}>
                  {action.inPage ? (
                    <a className="button" href={action.href} aria-describedby={id}>
                      {action.label}
                    </a>
                  ) : (
                    <DealerLink className="button" href={action.href}>
                      {action.label}
                    </DealerLink>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {props.disclaimer ? <p className={styles.small}>{props.disclaimer}</p> : null}
    </section>
  );
}
