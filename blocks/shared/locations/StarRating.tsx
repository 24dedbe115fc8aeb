import { starRating } from "./domain/rating";
import styles from "./locations.module.css";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

function Star() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={STAR} />
    </svg>
  );
}

/** Five stars (4 full and a partial at most short of 5), the average to one decimal and the count; read as one phrase by screen readers. */
export function StarRating({ average, count, suffix = "Google reviews" }: { average: number; count: number; suffix?: string }) {
  const r = starRating(average, count);
  return (
    <span className={styles.stars} role="img" aria-label={r.label} data-rating={r.average}>
      <span className={styles.ratingText} aria-hidden="true">
        {r.average}
      </span>
      <span className={styles.starRow} aria-hidden="true">
        {r.fills.map((fill, i) => (
          <span key={i} className={styles.star}>
            <Star />
            <span className={styles.starFill} style={{ width: `${fill * 100}%` }}>
              <Star />
            </span>
          </span>
        ))}
      </span>
      <span className={styles.ratingCount} aria-hidden="true">
        ({r.count} {suffix})
      </span>
    </span>
  );
}
