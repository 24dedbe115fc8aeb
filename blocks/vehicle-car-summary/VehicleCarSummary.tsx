import type { ResolvedVehicleCarSummaryProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { carSummary } from "./domain/summary";

export function VehicleCarSummary({ context }: BlockComponentProps<ResolvedVehicleCarSummaryProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  return (
    <SectionPanel section="car-summary" title="Car Summary">
      <>
        {carSummary(page.car).map((s, i) => (
          <p key={i}>{s}</p>
        ))}
      </>
    </SectionPanel>
  );
}
