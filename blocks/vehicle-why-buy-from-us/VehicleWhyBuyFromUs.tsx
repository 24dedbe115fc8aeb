import type { ResolvedVehicleWhyBuyFromUsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { Bullets, SectionPanel } from "@/blocks/shared/vehicle-page/parts";

/** Promised only by a dealer that offers it (features.moneyBackGuarantee), and only for a used car. */
export const MONEY_BACK_GUARANTEE = "A 48-hour money-back guarantee on used vehicles";

/** The dealer's reasons to buy here. */
export function VehicleWhyBuyFromUs({ props, site, context }: BlockComponentProps<ResolvedVehicleWhyBuyFromUsProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const guarantee = isEnabled(site.manifest, "moneyBackGuarantee") && page.car.car_type === "used";
  const listed: readonly string[] = props.items;
  const items = guarantee && !listed.includes(MONEY_BACK_GUARANTEE) ? [...listed, MONEY_BACK_GUARANTEE] : listed;
  return (
    <SectionPanel section="why-buy-from-us" title="Why Buy From Us">
      <Bullets items={items} />
    </SectionPanel>
  );
}
