import type { ResolvedPartsSearchProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { DealerLink } from "@/runtime/render/dealer-link";
import { asked, fitmentText, orderHref, partsQuery, searchParts } from "./domain";
import styles from "./parts-search.module.css";

const price = (n: number) => `$${n.toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function PartsSearch({ props, site }: BlockComponentProps<ResolvedPartsSearchProps>) {
  const catalogue = site.manifest.parts ?? [];
  const q = partsQuery(site.searchParams);
  const results = asked(q) ? searchParts(catalogue, q) : [];
  const makes = [...new Set(catalogue.flatMap((p) => p.fitment.map((f) => f.make)))].sort();
  const models = [...new Set(catalogue.flatMap((p) => p.fitment.flatMap((f) => (f.model ? [f.model] : []))))].sort();
  return (
    <section className={styles.section} aria-labelledby="parts-search-heading">
      <h1 id="parts-search-heading">{props.heading}</h1>
      <form method="get" role="search" aria-label="Parts" className={styles.form}>
        <label className={styles.field}>
          <span>Part name or number</span>
          <input type="search" name="q" defaultValue={q.q} maxLength={100} autoComplete="off" />
        </label>
        <label className={styles.field}>
          <span>Make</span>
          <select name="make" defaultValue={q.make}>
            <option value="">Any make</option>
            {makes.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Model</span>
          <select name="model" defaultValue={q.model}>
            <option value="">Any model</option>
            {models.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>Year</span>
          <input type="number" name="year" inputMode="numeric" min={1950} max={2100} defaultValue={q.year ?? ""} />
        </label>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {asked(q) ? (
        <p role="status" className={styles.summary}>
          {results.length === 0
            ? "No parts match. Try fewer words, or ask our parts team with the order form."
            : `${results.length} ${results.length === 1 ? "part" : "parts"} found`}
        </p>
      ) : null}
      {results.length > 0 ? (
        <ul className={styles.results}>
          {results.map((p) => (
            <li key={p.partNumber} className={styles.result}>
              <h2 className={styles.name}>{p.name}</h2>
              <p className={styles.meta}>
                Part# <span className={styles.number}>{p.partNumber}</span>
                {p.category === "accessory" ? " · Accessory" : ""}
              </p>
              <p className={styles.meta}>Fits {p.fitment.map(fitmentText).join("; ")}</p>
              <p className={styles.price}>{p.price !== undefined ? price(p.price) : "Call for price"}</p>
              <DealerLink className="button button--outline" href={orderHref(props.orderPath, p, q)}>
                Order this part
              </DealerLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
