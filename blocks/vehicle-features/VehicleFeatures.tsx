import type { ResolvedVehicleFeaturesProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { Expandable } from "@/blocks/shared/vehicle-page/client/Expandable.lazy";

/** The car's standard equipment: the first `limit` items, the rest behind 'Show all {n} features'. */
export function VehicleFeatures({ props, context }: BlockComponentProps<ResolvedVehicleFeaturesProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const features = page.car.standardEquipment ?? [];
  if (!features.length) return null;
  const { limit } = props;
  return (
    <SectionPanel section="features" title="Features">
      {features.length > limit ? (
        <Expandable more={<Bullets items={features.slice(limit)} />} moreLabel={`Show all ${features.length} features`} lessLabel="Show fewer features">
          <Bullets items={features.slice(0, limit)} />
        </Expandable>
      ) : (
        <Bullets items={features} />
      )}
    </SectionPanel>
  );
}
