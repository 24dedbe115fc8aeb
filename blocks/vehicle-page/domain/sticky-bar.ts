/** The sticky bottom bar's buttons, from the vehicle-page block's stickyBar. */
import { resolvedWording } from "@/runtime/wording";
import type { VehiclePageProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { isAvailable } from "@/runtime/cars/availability";
import { actionLabel, actionHref, DIALOG_ACTIONS, enquiryHref, type CarAction } from "@/blocks/shared/vehicle-page/domain/actions";
import { telHref } from "@/blocks/shared/vehicle-page/domain/phone";
import { carContact } from "@/blocks/shared/locations/domain/lookup";
import type { BarAction } from "../client/StickyBars";

/**
 * The bar's buttons before and after 900 px of scrolling (null: no bar, or no change). A car that
 * is no longer available gets 'Find Me Something Similar' instead; 'call' needs a phone number.
 */
export function stickyBarActions(
  stickyBar: VehiclePageProps["stickyBar"],
  car: Car,
  site: SiteContext,
): { actions: BarAction[] | null; scrolled: BarAction[] | null } {
  if (!stickyBar) return { actions: null, scrolled: null };
  const { phone } = carContact(site.manifest, car);
  const available = isAvailable(car);
  const resolve = (list: CarAction[] | undefined): BarAction[] | null => {
    if (!list) return null;
    if (!available) return [{ label: resolvedWording(site.manifest.wording).findSimilar, href: enquiryHref(car, "find-similar"), dialog: "find-similar" }];
    // A reserved car offers no way to reserve it (the sidebar and the reserve section say RESERVED).
    const offered = car.reserved ? list.filter((a) => a !== "reserve" && a !== "buy-online") : list;
    return offered
      .map((a): BarAction | null =>
        a === "call"
          ? telHref(phone)
            ? { label: "Call Us", href: telHref(phone)! }
            : null
          : {
              label: actionLabel(a, site.manifest.wording),
              href: actionHref(a, car, site.manifest) ?? "#",
              ...(DIALOG_ACTIONS[a] ? { dialog: DIALOG_ACTIONS[a] } : {}),
            },
      )
      .filter((a): a is BarAction => a !== null);
  };
  return { actions: resolve(stickyBar.actions), scrolled: resolve(stickyBar.scrolledActions) };
}
