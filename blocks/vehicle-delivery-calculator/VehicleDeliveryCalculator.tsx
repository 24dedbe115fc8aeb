import type { ResolvedVehicleDeliveryCalculatorProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { DeliveryCalculator } from "./client/DeliveryCalculator.lazy";

/** Delivery price by postcode from the dealer's regions (an empty table answers every postcode with the 'no estimate' message). */
export function VehicleDeliveryCalculator({ props, context }: BlockComponentProps<ResolvedVehicleDeliveryCalculatorProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { regions } = props;
  return (
    <SectionPanel section="delivery-calculator" title="Delivery Calculator">
      <DeliveryCalculator table={regions} sink={page.analyticsSink} />
    </SectionPanel>
  );
}
