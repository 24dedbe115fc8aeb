/**
 * The sidebar's call-to-action buttons (the block's `buttons`), filtered by flags: each button's
 * own flag, and the feature the action needs. A car that is not available shows none of the
 * buying actions: only call, share and print stay, since there is nothing left to buy.
 */
import type { DealerManifest, VehicleSidebarProps } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { isAvailable } from "@/runtime/cars/availability";
import { financeExcludedMake } from "@/runtime/finance/car-quote";
import { ACTION_FEATURE, actionLabel, actionHref, type CarAction } from "@/blocks/shared/vehicle-page/domain/actions";

export type ConfiguredButton = NonNullable<VehicleSidebarProps["buttons"]>[number];

/** Still shown when the car cannot be bought. */
// The watchlist button stays for a sold car already saved (so it can be removed); it hides itself otherwise.
const UNAVAILABLE_ACTIONS = new Set<CarAction>(["call", "share", "print", "watchlist"]);

export interface SidebarButton {
  action: CarAction;
  label: string;
  /** A link target; null for actions the page handles itself (call, share, favourite). */
  href: string | null;
  newTab?: boolean;
}

export function sidebarButtons(
  configured: readonly ConfiguredButton[],
  manifest: Pick<DealerManifest, "features" | "dealerships" | "wording">,
  car: Car,
): SidebarButton[] {
  const available = isAvailable(car);
  return (
    configured
      .filter((b) => isEnabled(manifest, b.flag) && isEnabled(manifest, ACTION_FEATURE[b.action]))
      .filter((b) => available || UNAVAILABLE_ACTIONS.has(b.action))
      // No 'Get Finance Now' for a make that never shows finance (Suzuki, spec §5).
      .filter((b) => b.action !== "finance" || !financeExcludedMake(car.make))
      .map((b) => ({
        action: b.action,
        label: b.label?.trim() || actionLabel(b.action, manifest.wording),
        href: actionHref(b.action, car, manifest),
        newTab: b.action === "print" ? true : undefined,
      }))
  );
}
