import type { ResolvedModelColourViewerProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { modelForPage } from "@/blocks/shared/models/catalogue";
import { coloursForVariant, pictureFor } from "./domain/viewer";
import { ColourViewer } from "./client/ColourViewer.lazy";
import type { ViewerVariant } from "./client/types";
import styles from "./model-colour-viewer.module.css";

/** Thumbnails ask the picture route for its smallest page width. */
function thumbUrl(url: string): string {
  return url.includes("w=") ? url.replace(/([?&])w=\d+/, "$1w=320") : url;
}

export function ModelColourViewer({ props, site }: BlockComponentProps<ResolvedModelColourViewerProps>) {
  const model = modelForPage(site, props.model);
  if (!model) return null;
  const variants: ViewerVariant[] = model.variants.map((variant) => ({
    name: variant.name,
    colours: coloursForVariant(model.colours ?? [], variant.name).flatMap((c) => {
      const picture = safeHref(pictureFor(c, variant, model));
      if (!picture) return [];
      const photo = safeHref(c.photo_url);
      return [{ name: c.name, hexCode: c.hexCode, picture, ...(photo ? { photo_url: thumbUrl(photo) } : {}), ...(c.oem_id ? { oem_id: c.oem_id } : {}) }];
    }),
  }));
  if (variants.every((v) => v.colours.length === 0)) return null;
  const id = `colours-${model.slug}`;
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        {props.heading}
      </h2>
      <ColourViewer idBase={id} modelName={model.full_name} variants={variants} styles={styles} />
      {props.disclaimer ? <p className={styles.disclaimer}>{props.disclaimer}</p> : null}
    </section>
  );
}
