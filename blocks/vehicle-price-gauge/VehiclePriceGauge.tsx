import type { ResolvedVehiclePriceGaugeProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { gaugeEligible } from "@/blocks/shared/market-price/gauge";
import { PriceGauge } from "./client/PriceGauge.lazy";
import "./vehicle-price-gauge.module.css"; // linked with the page: the gauge's client part uses its classes

/** The price comparison gauge for an eligible used car (in stock, not sold or reserved, priced above $200), where the site has Autogauge; it fetches its data when reached. */
export function VehiclePriceGauge({ site, context }: BlockComponentProps<ResolvedVehiclePriceGaugeProps>) {
  const page = vehiclePageContext(context);
  if (!page || !gaugeEligible(site.manifest, page.car)) return null;
  return <PriceGauge slug={page.car.slug} />;
}
