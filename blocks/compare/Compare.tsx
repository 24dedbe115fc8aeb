import type { ResolvedCompareProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { carTitle, showsPrice } from "@/runtime/cars/availability";
import { formatCurrency, formatNumber } from "@/runtime/finance/format";
import { compareHref, compareRows } from "@/blocks/shared/compare/domain/compare";
import shared from "@/blocks/shared/accounts/accounts.module.css";
import styles from "./compare.module.css";

const text = (v: unknown) => (v === null || v === undefined || v === "" ? "–" : String(v));

function fields(cars: Car[]) {
  const row = (label: string, f: (c: Car) => unknown) => ({ label, values: cars.map((c) => text(f(c))) });
  return [
    row("Price", (c) => (showsPrice(c.price) ? formatCurrency(c.price) : null)),
    row("Condition", (c) => c.car_type),
    row("Year", (c) => c.year),
    row("Make", (c) => c.make),
    row("Model", (c) => c.model),
    row("Badge", (c) => c.badge),
    row("Body", (c) => c.simple_body ?? c.body),
    row("Transmission", (c) => c.simple_transmission ?? c.trans),
    row("Fuel", (c) => c.simple_fuel ?? c.fuel),
    row("Drive", (c) => c.drive),
    row("Kilometres", (c) => (typeof c.km === "number" ? `${formatNumber(c.km)} km` : null)),
    row("Engine", (c) => (c.engine_size_litres ? `${c.engine_size_litres} L` : null)),
    row("Seats", (c) => c.seats),
    row("Doors", (c) => c.doors),
    row("Colour", (c) => c.colour),
    row("Stock No.", (c) => c.stocknum),
  ];
}

export function Compare({ props, data, site }: BlockComponentProps<ResolvedCompareProps, Car[]>) {
  const cars = data ?? [];
  const rows = compareRows(fields(cars));
  const shareUrl = `${site.origin}${compareHref(cars.map((c) => c.slug))}`;
  return (
    <section className={shared.section} aria-labelledby="compare-title">
      <h1 id="compare-title" className={shared.title}>
        {props.title}
      </h1>
      {cars.length === 0 ? (
        <p>{props.emptyText}</p>
      ) : (
        <>
          <p>
            Rows marked <strong className={styles.badge}>Differs</strong> are where these cars are not the same. Share this comparison:{" "}
            <a href={shareUrl} className={styles.share}>
              {shareUrl}
            </a>
          </p>
          <div className={styles.scroll} role="region" aria-label="Cars side by side" tabIndex={0}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <td />
                  {cars.map((c) => (
                    <th key={c.id} scope="col">
                      <a href={`/cars/${encodeURIComponent(c.slug)}`}>{carTitle(c)}</a>
                      <br />
                      <a className={styles.remove} href={compareHref(cars.filter((o) => o.id !== c.id).map((o) => o.slug))}>
                        Remove<span className="visually-hidden"> {carTitle(c)}</span>
                      </a>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.label} className={r.differs ? styles.differs : undefined} data-differs={r.differs || undefined}>
                    <th scope="row">
                      {r.label}
                      {r.differs ? <span className={styles.badge}>Differs</span> : null}
                    </th>
                    {r.values.map((v, i) => (
                      <td key={i}>{v}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
