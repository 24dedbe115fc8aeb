import type { PriceRangeProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { DEFAULT_PRICE_RANGE, DEFAULT_SEARCH_PATH } from "./price-range-link";
import { PriceRangePicker } from "./PriceRangePicker.lazy";
import styles from "./price-range.module.css";

export const DEFAULT_PRICE_RANGE_BUTTON = "View Results";

/** The price range page's picker: a two-thumb price range and a button to the results, highest price first. */
export function PriceRange({ props }: BlockComponentProps<PriceRangeProps>) {
  let min = props.min ?? DEFAULT_PRICE_RANGE.min;
  let max = props.max ?? DEFAULT_PRICE_RANGE.max;
  const step = props.step ?? DEFAULT_PRICE_RANGE.step;
  // A misconfigured pair falls back to the defaults rather than a slider that cannot move.
  if (!(max - min >= Math.max(1, step))) ({ min, max } = DEFAULT_PRICE_RANGE);
  const heading = props.heading?.trim();
  return (
    <section className={styles.section} {...(heading ? { "aria-labelledby": "price-range-heading" } : { "aria-label": "Price range" })}>
      {heading ? (
        <h2 id="price-range-heading" className={styles.heading}>
          {heading}
        </h2>
      ) : null}
      <PriceRangePicker min={min} max={max} step={step} buttonLabel={props.buttonLabel?.trim() || DEFAULT_PRICE_RANGE_BUTTON} searchPath={props.searchPath ?? DEFAULT_SEARCH_PATH} />
    </section>
  );
}
