import type { ResolvedFacetTilesProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { makeMonogram } from "@/runtime/brands";
import { DealerLink } from "@/runtime/render/dealer-link";
import { buildSearchUrl, emptyState } from "@/blocks/shared/search/domain/url-state";
import { facetValueLabel } from "@/blocks/shared/search/domain/facets";
import { facetTiles, makeLogo, tileCount, type TileCounts } from "./domain";
import styles from "./facet-tiles.module.css";

export function FacetTiles({ props, site, data }: BlockComponentProps<ResolvedFacetTilesProps, TileCounts>) {
  const tiles = facetTiles(data?.counts ?? {}, props.limit);
  if (tiles.length === 0) return null;
  const attribute = props.facet === "body" ? "simple_body" : "make";
  const id = `facet-tiles-${props.facet}`;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.grid}>
        {tiles.map((t) => {
          const label = facetValueLabel(attribute, t.value, { usedKeyword: "Used" });
          const logo = props.facet === "make" ? safeHref(makeLogo(site.manifest, t.value)) : null;
          return (
            <li key={t.value}>
              <DealerLink href={buildSearchUrl({ ...emptyState(), refinements: { [attribute]: [t.value] } })} className={styles.tile}>
                {logo ? (
                  <img className={styles.logo} src={logo} alt="" width={120} height={60} loading="lazy" decoding="async" />
                ) : props.facet === "make" ? (
                  // Initials in the logo's box, so a make without a picture lines up with the rest; the name is printed below.
                  <span className={styles.monogram} aria-hidden="true">
                    {makeMonogram(label)}
                  </span>
                ) : null}
                <span className={styles.name}>{label}</span>
                <span className={styles.count}>{tileCount(t, data?.kinds ?? {}, site.manifest.wording)}</span>
              </DealerLink>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
