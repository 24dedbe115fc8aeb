import type { ResolvedVehicleWhyBuyFromUsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";

/** The dealer's reasons to buy here. */
export function VehicleWhyBuyFromUs({ props, context }: BlockComponentProps<ResolvedVehicleWhyBuyFromUsProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { items } = props;
  return (
    <SectionPanel section="why-buy-from-us" title="Why Buy From Us">
      <Bullets items={items} />
    </SectionPanel>
  );
}
