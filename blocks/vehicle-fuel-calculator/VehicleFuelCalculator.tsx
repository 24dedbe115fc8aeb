import type { ResolvedVehicleFuelCalculatorProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { showsFuelCalculator, startingConsumption } from "./domain/fuel";
import { FuelCalculator } from "./client/FuelCalculator.lazy";

/** Fuel cost over a distance, starting from the car's own consumption; not for electric cars. */
export function VehicleFuelCalculator({ context }: BlockComponentProps<ResolvedVehicleFuelCalculatorProps>) {
  const page = vehiclePageContext(context);
  if (!page || !showsFuelCalculator(page.car)) return null;
  return (
    <SectionPanel section="fuel-calculator" title="Fuel Calculator">
      <FuelCalculator consumption={startingConsumption(page.car)} sink={page.analyticsSink} />
    </SectionPanel>
  );
}
