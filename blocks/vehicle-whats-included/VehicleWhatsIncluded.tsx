import type { ResolvedVehicleWhatsIncludedProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";

/** What comes with every car. */
export function VehicleWhatsIncluded({ props, context }: BlockComponentProps<ResolvedVehicleWhatsIncludedProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { items } = props;
  return (
    <SectionPanel section="whats-included" title="What's Included">
      <Bullets items={items} />
    </SectionPanel>
  );
}
