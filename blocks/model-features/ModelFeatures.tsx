import type { ResolvedModelFeaturesProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { modelForPage } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";

export function ModelFeatures({ props, site }: BlockComponentProps<ResolvedModelFeaturesProps>) {
  const model = modelForPage(site, props.model);
  if (!model) return null;
  const lists = [
    { id: "model-benefits", heading: props.benefitsHeading, items: model.benefits ?? [] },
    { id: "model-assistance", heading: props.assistanceHeading, items: model.driver_assistance ?? [] },
  ].filter((l) => l.items.length > 0);
  if (lists.length === 0) return null;
  return (
    <div className={styles.lists}>
      {lists.map((l) => (
        <section key={l.id} aria-labelledby={l.id}>
          <h2 id={l.id} className={styles.heading}>
            {l.heading}
          </h2>
          <ul className={styles.list}>
            {l.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
