import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { vehicleCount, vehicleNoun } from "@/runtime/wording";
import { DealerLink } from "@/runtime/render/dealer-link";
import { VehicleCard } from "@/blocks/shared/vehicle-card/VehicleCard";
import { serverCarActions } from "@/blocks/shared/vehicle-card/car-actions";
import { siteCardOptions } from "@/blocks/shared/vehicle-card/site-card-options";
import { FinanceDisclaimerNote } from "@/blocks/shared/vehicle-card/FinanceDisclaimerNote";
import { modelForPage, modelHref } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";
import type { ModelStockData } from "./load";

/** The model's cars in stock as the site's vehicle cards: a few with a link to all, or a page of 21 with page links. */
export function ModelStock({ props, site, data }: BlockComponentProps<ResolvedModelStockProps, ModelStockData>) {
  const model = modelForPage(site, props.model);
  const cars = data?.cars ?? [];
  if (!model) return null;
  if (cars.length === 0 && !props.paginate) return null;
  const m = site.manifest;
  const cardOptions = siteCardOptions(m, site.now.getTime());
  const Heading = props.paginate ? "h1" : "h2";
  const base = `${modelHref(model)}/stock`;
  const pageHref = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
  // One model's stock is of one kind: the page's cars say which ('12 motorcycles').
  const noun = vehicleNoun(
    m.wording,
    cars.map((c) => c.item_type),
  );
  return (
    <section className={styles.section} aria-labelledby="model-stock-heading">
      <Heading id="model-stock-heading" className={styles.heading}>
        {props.paginate ? `${model.full_name} in stock` : props.heading}
      </Heading>
      {props.paginate ? (
        <p className={styles.muted}>
          {data && data.total > 0 ? `${vehicleCount(data.total, noun)}, highest price first` : `No ${noun.plural.toLowerCase()} in stock right now.`}
        </p>
      ) : null}
      <ul className={styles.cards}>
        {cars.map((c) => (
          <li key={c.id}>
            <VehicleCard
              car={c}
              actions={serverCarActions}
              headingLevel={props.paginate ? 2 : 3}
              sizes="(min-width: 992px) 300px, (min-width: 576px) 45vw, 90vw"
              options={cardOptions}
            />
          </li>
        ))}
      </ul>
      {isEnabled(m, "finance") && cars.length ? <FinanceDisclaimerNote /> : null}
      {props.paginate && data && data.pages > 1 ? (
        <nav className={styles.actions} aria-label="Pages" style={{ marginTop: "1.5rem", alignItems: "center" }}>
          {data.page > 1 ? (
            <DealerLink className="button button--outline" href={pageHref(data.page - 1)}>
              Previous page
            </DealerLink>
          ) : null}
          <span>{`Page ${data.page} of ${data.pages}`}</span>
          {data.page < data.pages ? (
            <DealerLink className="button button--outline" href={pageHref(data.page + 1)}>
              Next page
            </DealerLink>
          ) : null}
        </nav>
      ) : null}
      {!props.paginate ? (
        <p className={styles.more}>
          <DealerLink className="button button--outline" href={base}>
            {`See all ${model.full_name} stock`}
          </DealerLink>
        </p>
      ) : null}
    </section>
  );
}
