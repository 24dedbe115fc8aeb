import { Link } from "@/runtime/ui/link";
import { formatCurrency } from "@/runtime/finance/format";
import type { WatchlistItem } from "./watchlist-data";
import styles from "./accounts.module.css";

/** The saved cars with what changed since each was saved: a price drop, or sold (spec: watchlist page). */
export function WatchlistList({ items, emptyText }: { items: WatchlistItem[]; emptyText: string }) {
  if (items.length === 0) return <p>{emptyText}</p>;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.carId} className={styles.item}>
          {item.href ? <Link href={item.href}>{item.title}</Link> : <span>A car no longer listed</span>}
          {item.price !== null && !item.sold ? <span className={styles.price}>{formatCurrency(item.price)}</span> : null}
          {item.sold ? <span className={styles.sold}>Sold</span> : null}
          {item.drop ? (
            <span className={styles.drop}>
              Price dropped by {formatCurrency(item.drop)} (was {formatCurrency(item.savedPrice!)})
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
