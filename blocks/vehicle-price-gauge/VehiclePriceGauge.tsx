import type { ResolvedVehiclePriceGaugeProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isAvailable } from "@/runtime/cars/availability";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { gaugeEligible } from "./domain/gauge";
import { PriceGauge } from "./client/PriceGauge.lazy";
import "./vehicle-price-gauge.module.css"; // linked with the page: the gauge's client part uses its classes

/** The price comparison gauge for an available used car, where the site has Autogauge; it fetches its data when reached. */
export function VehiclePriceGauge({ site, context }: BlockComponentProps<ResolvedVehiclePriceGaugeProps>) {
  const page = vehiclePageContext(context);
  if (!page || !gaugeEligible(site.manifest, page.car) || !isAvailable(page.car)) return null;
  return <PriceGauge slug={page.car.slug} />;
}
