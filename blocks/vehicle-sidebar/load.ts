import type { ResolvedVehicleSidebarProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { gaugeEligible } from "@/blocks/shared/market-price/gauge";
import { comparablePricesFor } from "@/blocks/shared/market-price/comparables";

/** What the sidebar loads: the car's market comparables (null where the gauge is not for this car), for its market-price badge. */
export interface SidebarData {
  comparables: number[] | null;
}

/** The comparables the price gauge reads, so the badge is computed with the gauge and never contradicts it. */
export async function loadVehicleSidebar(_props: ResolvedVehicleSidebarProps, site: SiteContext, context?: unknown): Promise<SidebarData> {
  const page = vehiclePageContext(context);
  if (!page) return { comparables: null };
  return { comparables: await comparablePricesFor(site.manifest, page.car, gaugeEligible(site.manifest, page.car)) };
}
