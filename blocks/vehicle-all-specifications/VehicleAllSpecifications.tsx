import type { ResolvedVehicleAllSpecificationsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { allSpecifications } from "@/blocks/shared/vehicle-page/domain/specs";
import { SectionPanel, SpecList } from "@/blocks/shared/vehicle-page/parts";
import { Expandable } from "@/blocks/shared/vehicle-page/client/Expandable.lazy";

/** Rows shown before 'Show All Specs'. */
export const ALL_SPECS_VISIBLE_ROWS = 4;

export function VehicleAllSpecifications({ context }: BlockComponentProps<ResolvedVehicleAllSpecificationsProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const specs = allSpecifications(page.car);
  if (!specs.length) return null;
  return (
    <SectionPanel section="all-specifications" title="All Specifications">
      {specs.length > ALL_SPECS_VISIBLE_ROWS ? (
        <Expandable more={<SpecList specs={specs.slice(ALL_SPECS_VISIBLE_ROWS)} />} moreLabel="Show All Specs" lessLabel="Hide Specs">
          <SpecList specs={specs.slice(0, ALL_SPECS_VISIBLE_ROWS)} />
        </Expandable>
      ) : (
        <SpecList specs={specs} />
      )}
    </SectionPanel>
  );
}
