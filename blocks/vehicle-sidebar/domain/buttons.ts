/**
 * The sidebar's call-to-action buttons (the block's `buttons`), filtered by flags: each button's
 * own flag, and the feature the action needs. A car that is not available shows none of the
 * buying actions: only call, share and print stay, since there is nothing left to buy. A reserved
 * car always shows one RESERVED mark among them, and no way to reserve or buy it online.
 */
import type { DealerManifest, VehicleSidebarProps } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { isAvailable } from "@/runtime/cars/availability";
import { resolvedWording } from "@/runtime/wording";
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
  /** The RESERVED mark of a reserved car (in place of its reserve or buy-online button, or leading the buttons): never a link. */
  reserved?: true;
}

/** The actions that reserve the car: a reserved car offers neither (RESERVED instead). */
export const RESERVING_ACTIONS: ReadonlySet<CarAction> = new Set<CarAction>(["reserve", "buy-online"]);

export function sidebarButtons(
  configured: readonly ConfiguredButton[],
  manifest: Pick<DealerManifest, "features" | "dealerships" | "wording">,
  car: Car,
): SidebarButton[] {
  const available = isAvailable(car);
  let reservedShown = false;
  const buttons: SidebarButton[] = configured
    .filter((b) => isEnabled(manifest, b.flag) && isEnabled(manifest, ACTION_FEATURE[b.action]))
    .filter((b) => available || UNAVAILABLE_ACTIONS.has(b.action))
    // No 'Get Finance Now' for a make that never shows finance (Suzuki).
    .filter((b) => b.action !== "finance" || !financeExcludedMake(car.make))
    .map((b) => ({
      action: b.action,
      label: b.label?.trim() || actionLabel(b.action, manifest.wording),
      href: actionHref(b.action, car, manifest),
      newTab: b.action === "print" ? true : undefined,
    }));
  // A sold car shows its SOLD notice instead, so only a car that can still be bought is marked.
  if (!car.reserved || !available) return buttons;
  // A reserved car (the stock's flag, such as a dealer's Hold, or a live online reservation laid
  // over it): the first reserving button becomes one RESERVED mark, any other is dropped.
  const mark = (action: CarAction): SidebarButton => ({ action, label: resolvedWording(manifest.wording).reservedTag, href: null, reserved: true });
  const marked = buttons.flatMap((b): SidebarButton[] => {
    if (!RESERVING_ACTIONS.has(b.action)) return [b];
    if (reservedShown) return [];
    reservedShown = true;
    return [mark(b.action)];
  });
  // A site without online reservations has no such button, yet the dealer holds the car all the
  // same: the mark then leads the buttons, so the page says RESERVED as the car's card does.
  return reservedShown ? marked : [mark("reserve"), ...marked];
}
