import type { ResolvedVehicleCarSummaryProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { locationForCar } from "@/blocks/shared/locations/domain/lookup";
import { carSummary } from "./domain/summary";

export function VehicleCarSummary({ context, site }: BlockComponentProps<ResolvedVehicleCarSummaryProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const location = locationForCar(site.manifest, page.car);
  return (
    <SectionPanel section="car-summary" title="Car Summary">
      <>
        {carSummary(page.car, location ? { name: location.name, city: location.address.city } : null).map((s, i) => (
          <p key={i}>{s}</p>
        ))}
      </>
    </SectionPanel>
  );
}
