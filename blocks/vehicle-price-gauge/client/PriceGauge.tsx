"use client";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { formatCurrency } from "@/runtime/finance/format";
import { gaugeVisible, type AutogaugeData } from "@/blocks/shared/market-price/gauge";
import styles from "../vehicle-price-gauge.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/**
 * The price comparison gauge: fetched from /api/cars/{slug}/autogauge; shown only when the answer
 * passes the spec's rules, hidden on any failure. The needle sweeps in over 2.5 s (instant for
 * visitors who prefer reduced motion: the global stylesheet shortens transitions).
 */
export function PriceGauge({ slug }: { slug: string }) {
  const [data, setData] = useState<AutogaugeData | null>(null);
  const [shown, setShown] = useState(false);
  const [tip, setTip] = useState(false);
  const tipId = useId();
  useEffect(() => {
    let live = true;
    fetch(`/api/cars/${encodeURIComponent(slug)}/autogauge`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error("No data returned"))))
      .then((body: Partial<AutogaugeData>) => {
        if (!live) return;
        if (gaugeVisible(body)) {
          setData(body);
          requestAnimationFrame(() => requestAnimationFrame(() => live && setShown(true)));
        }
      })
      .catch((e: unknown) => console.warn(`[vehicle-page] price gauge hidden: ${e instanceof Error ? e.message : String(e)}`));
    return () => {
      live = false;
    };
  }, [slug]);
  if (!data) return null;
  // The label comes with the data (one computation with the fill and the badge); none in the upper third of the range.
  const label = data.label ?? "Within the market range";
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") setTip(false);
  };
  return (
    <section className={shared.section} aria-labelledby={`${tipId}-h`} data-section="price-gauge">
      <h2 id={`${tipId}-h`} className={shared.sectionTitle}>
        Price comparison
      </h2>
      <div className={styles.gauge} data-testid="price-gauge">
        <p className={styles.gaugeLabel}>{label}</p>
        <div
          className={styles.gaugeTrack}
          role="img"
          aria-label={`${label}: listed at ${formatCurrency(data.listing_price)}, market range ${formatCurrency(data.market_range_min)} to ${formatCurrency(data.market_range_max)}`}
        >
          <div className={styles.gaugeFill} style={{ width: shown ? `${data.fill}%` : "0%" }} />
        </div>
        <p className={styles.gaugeRange}>
          Average market price range: {formatCurrency(data.market_range_min)} – {formatCurrency(data.market_range_max)}
        </p>
        <div className={styles.tipWrap} onKeyDown={onKey} onMouseLeave={() => setTip(false)}>
          <button
            type="button"
            className={shared.linkButton}
            aria-expanded={tip}
            aria-describedby={tip ? tipId : undefined}
            onClick={() => setTip((t) => !t)}
            onMouseEnter={() => setTip(true)}
            onBlur={() => setTip(false)}
          >
            How does this work?
          </button>
          <div id={tipId} role="tooltip" className={styles.tooltip} hidden={!tip}>
            {data.description} We compare this vehicle&apos;s price with similar vehicles (same make and model, a similar year) listed for sale. The further
            right the bar, the better the price against the market.
          </div>
        </div>
      </div>
    </section>
  );
}
