import type { ResolvedSalesCounterProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { LiveCount } from "./client/LiveCount.lazy";
import { salesToday } from "./domain";
import styles from "./sales-counter.module.css";

// Divs, not a paragraph: the lazy wrapper is a (display: contents) div, which a <p> may not hold.
export function SalesCounter({ props, site }: BlockComponentProps<ResolvedSalesCounterProps>) {
  return (
    <div className={styles.counter} data-sales-counter>
      <div className={styles.number}>
        <LiveCount initial={salesToday(site.now)} />
      </div>
      <div>{props.label}</div>
    </div>
  );
}
