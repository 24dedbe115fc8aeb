import type { ResolvedCompareProps, Wording } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { resolvedWording } from "@/runtime/wording";
import { compareHref, compareRows } from "@/blocks/shared/compare/domain/compare";
import { actionLabel, enquiryHref } from "@/blocks/shared/vehicle-page/domain/actions";
import { cardView, carHref } from "@/blocks/shared/vehicle-card/card-model";
import type { Car } from "@/runtime/stock/car";
import { compareFields } from "./domain/fields";
import shared from "@/blocks/shared/accounts/accounts.module.css";
import buttons from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import styles from "./compare.module.css";

/** The head of one car's column: its photo, title, price, a link to its page, an enquiry and its removal. */
function CarHeading({ car, others, wording, nowMs }: { car: Car; others: Car[]; wording: Wording | undefined; nowMs: number }) {
  const view = cardView(car, { wording, nowMs, finance: false });
  return (
    <th scope="col" className={styles.carHead}>
      {view.image ? (
        <img
          className={styles.photo}
          src={view.image.src}
          srcSet={view.image.srcSet}
          sizes="(max-width: 600px) 60vw, 16rem"
          alt=""
          width={320}
          height={240}
          loading="lazy"
        />
      ) : (
        <span className={styles.noPhoto} aria-hidden="true" />
      )}
      <a className={styles.carTitle} href={carHref(car)}>
        {view.title}
      </a>
      <span className={styles.actions}>
        <a className={buttons.button} href={carHref(car)}>
          View car<span className="visually-hidden">: {view.title}</span>
        </a>
        {view.available ? (
          <a className={`${buttons.button} ${buttons.buttonOutline}`} href={enquiryHref(car)}>
            {actionLabel("enquire", wording)}
            <span className="visually-hidden"> about the {view.title}</span>
          </a>
        ) : null}
        <a className={styles.remove} href={compareHref(others.map((o) => o.slug))}>
          Remove<span className="visually-hidden"> {view.title}</span>
        </a>
      </span>
    </th>
  );
}

export function Compare({ props, data, site }: BlockComponentProps<ResolvedCompareProps, Car[]>) {
  const cars = data ?? [];
  const wording = site.manifest.wording;
  const rows = compareRows(compareFields(cars, resolvedWording(wording)));
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
          {cars.length > 1 ? (
            <p className={styles.hint} id="compare-hint">
              Scroll sideways to see all {cars.length} side by side.
            </p>
          ) : null}
          {/* Its own scrolling region (the page never scrolls sideways): the row names stay put while the cars scroll under them. */}
          <div
            className={styles.scroll}
            role="region"
            aria-label="Cars side by side"
            aria-describedby={cars.length > 1 ? "compare-hint" : undefined}
            tabIndex={0}
          >
            <table className={styles.table}>
              <thead>
                <tr>
                  <td className={styles.corner} />
                  {cars.map((c) => (
                    <CarHeading key={c.id} car={c} others={cars.filter((o) => o.id !== c.id)} wording={wording} nowMs={site.now.getTime()} />
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
