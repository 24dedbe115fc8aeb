import type { ResolvedVehicleProtectYourCarProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";

/** The protection products the dealer offers. */
export function VehicleProtectYourCar({ props, context }: BlockComponentProps<ResolvedVehicleProtectYourCarProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { items } = props;
  return (
    <SectionPanel section="protect-your-car" title="Protect Your Car">
      <Bullets items={items} />
    </SectionPanel>
  );
}
