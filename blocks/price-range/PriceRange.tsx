import type { ResolvedPriceRangeProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { resolveSearchSettings } from "@/runtime/inventory/search-settings";
import { PriceRangePicker } from "./PriceRangePicker.lazy";
import styles from "./price-range.module.css";

/** The price range page's picker: a two-thumb price range and a button to the results, highest price first. */
export function PriceRange({ props, site }: BlockComponentProps<ResolvedPriceRangeProps>) {
  const { min, step } = props;
  // A pair that cannot move (the maximum not a step above the minimum) widens to one step.
  const max = props.max - min >= step ? props.max : min + step;
  const heading = props.heading.trim();
  return (
    <section className={styles.section} {...(heading ? { "aria-labelledby": "price-range-heading" } : { "aria-label": "Price range" })}>
      {heading ? (
        <h2 id="price-range-heading" className={styles.heading}>
          {heading}
        </h2>
      ) : null}
      <PriceRangePicker
        min={min}
        max={max}
        step={step}
        buttonLabel={props.buttonLabel}
        searchPath={props.searchPath}
        indexName={resolveSearchSettings(site.manifest.search).indexName}
      />
    </section>
  );
}
