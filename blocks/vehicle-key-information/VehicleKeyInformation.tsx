import type { ResolvedVehicleKeyInformationProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { keyInformation } from "@/blocks/shared/vehicle-page/domain/specs";
import { SectionPanel, SpecList } from "@/blocks/shared/vehicle-page/parts";
import { Expandable } from "@/blocks/shared/vehicle-page/client/Expandable.lazy";

/** Rows shown before 'Show more' (odometer, transmission, body and fuel come first). */
export const KEY_INFO_VISIBLE = 4;

export function VehicleKeyInformation({ context }: BlockComponentProps<ResolvedVehicleKeyInformationProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const specs = keyInformation(page.car);
  if (!specs.length) return null;
  return (
    <SectionPanel section="key-information" title="Key Information">
      {specs.length > KEY_INFO_VISIBLE ? (
        <Expandable more={<SpecList specs={specs.slice(KEY_INFO_VISIBLE)} />} moreLabel="Show more" lessLabel="Show less">
          <SpecList specs={specs.slice(0, KEY_INFO_VISIBLE)} />
        </Expandable>
      ) : (
        <SpecList specs={specs} />
      )}
    </SectionPanel>
  );
}
