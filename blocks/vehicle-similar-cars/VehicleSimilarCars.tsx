import type { ResolvedVehicleSimilarCarsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { VehicleCard } from "@/blocks/shared/vehicle-card/VehicleCard";
import { serverCarActions } from "@/blocks/shared/vehicle-card/car-actions";
import { siteCardOptions } from "@/blocks/shared/vehicle-card/site-card-options";
import { FinanceDisclaimerNote } from "@/blocks/shared/vehicle-card/FinanceDisclaimerNote";
import { similarCarsTitle } from "./domain/similar-cars";
import { SimilarCarsCarousel } from "./client/SimilarCarsCarousel.lazy";
import "./vehicle-similar-cars.module.css"; // linked with the page: the carousel's client part uses its classes

/** Similar cars in a carousel of the site's vehicle cards; nothing when the loader found none (or failed). */
export function VehicleSimilarCars({ data, site, context }: BlockComponentProps<ResolvedVehicleSimilarCarsProps, Car[]>) {
  const similar = data ?? [];
  const page = vehiclePageContext(context);
  if (!page || !similar.length) return null;
  const m = site.manifest;
  const cardOptions = siteCardOptions(m, site.now.getTime());
  const w = m.wording ?? {};
  const heading = similarCarsTitle(w, page.car, isEnabled(m, "subscription"));
  return (
    <section className={shared.section} aria-labelledby="vdp-similar-heading" data-section="similar-cars">
      <h2 id="vdp-similar-heading" className={shared.sectionTitle}>
        {heading}
      </h2>
      <SimilarCarsCarousel label={heading}>
        {similar.map((c) => (
          <div key={c.id}>
            <VehicleCard car={c} actions={serverCarActions} sizes="(min-width: 992px) 300px, (min-width: 576px) 45vw, 78vw" options={cardOptions} />
          </div>
        ))}
      </SimilarCarsCarousel>
      {isEnabled(m, "finance") ? <FinanceDisclaimerNote /> : null}
    </section>
  );
}
