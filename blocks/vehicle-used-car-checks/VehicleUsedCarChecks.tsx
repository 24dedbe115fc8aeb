import type { ResolvedVehicleUsedCarChecksProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";

/** The checks every used car has had; new and demo cars have no such list. */
export function VehicleUsedCarChecks({ props, context }: BlockComponentProps<ResolvedVehicleUsedCarChecksProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  if (page.car.car_type !== "used") return null;
  const { items } = props;
  return (
    <SectionPanel section="used-car-checks" title="Used Car Checks">
      <Bullets items={items} />
    </SectionPanel>
  );
}
