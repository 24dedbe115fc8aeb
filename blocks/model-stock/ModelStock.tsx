import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { DealerLink } from "@/runtime/render/dealer-link";
import { VehicleCard } from "@/blocks/shared/vehicle-card/VehicleCard";
import { buildSearchUrl, emptyState } from "@/blocks/shared/search/domain/url-state";
import { modelForPage } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";

/** The model's cars in stock as the site's vehicle cards, and a link to the stock search for the make and model. */
export function ModelStock({ props, site, data }: BlockComponentProps<ResolvedModelStockProps, Car[]>) {
  const model = modelForPage(site, props.model);
  const cars = data ?? [];
  if (!model || cars.length === 0) return null;
  const m = site.manifest;
  const all = buildSearchUrl({ ...emptyState(), refinements: { make: [model.make], model: [model.name] } });
  return (
    <section className={styles.section} aria-labelledby="model-stock-heading">
      <h2 id="model-stock-heading" className={styles.heading}>
        {props.heading}
      </h2>
      <ul className={styles.cards}>
        {cars.map((c) => (
          <li key={c.id}>
            <VehicleCard
              car={c}
              sizes="(min-width: 992px) 300px, (min-width: 576px) 45vw, 90vw"
              options={{
                wording: m.wording ?? {},
                finance: isEnabled(m, "finance"),
                fuelTags: isEnabled(m, "fuelTags"),
                favourites: isEnabled(m, "favourites"),
                nowMs: site.now.getTime(),
                showViews: false,
              }}
            />
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <DealerLink className="button button--outline" href={all}>
          {`See all ${model.full_name} stock`}
        </DealerLink>
      </p>
    </section>
  );
}
