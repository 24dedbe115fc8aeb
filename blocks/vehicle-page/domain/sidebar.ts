/**
 * Sidebar call-to-action buttons (manifest vehiclePage.sidebarButtons), filtered by flags: each
 * button's own flag, and the feature the action needs. A car that is not available shows none of
 * the buying actions (spec §4): only call, share and print stay.
 */
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { isAvailable } from "@/runtime/cars/availability";
import { financeLink } from "@/runtime/finance/finance-link";

export type SidebarAction = "enquire" | "test-drive" | "request-photos" | "finance" | "trade-in" | "reserve" | "buy-online" | "call" | "print" | "share" | "favourite" | "watchlist";

/** The feature flag an action needs, when it needs one. */
export const ACTION_FEATURE: Partial<Record<SidebarAction, string>> = {
  "test-drive": "testDrive",
  finance: "finance",
  "trade-in": "tradeIn",
  reserve: "reserve",
  "buy-online": "onlinePurchase",
  print: "printPdf",
  favourite: "favourites",
  watchlist: "watchlist",
};

/** Still shown when the car cannot be bought. */
const UNAVAILABLE_ACTIONS = new Set<SidebarAction>(["call", "share", "print"]);

export const DEFAULT_LABELS: Record<SidebarAction, string> = {
  enquire: "Enquire Now",
  "test-drive": "Book a Test Drive",
  "request-photos": "Request More Photos",
  finance: "Get Finance Now",
  "trade-in": "Value My Trade-In",
  reserve: "Reserve Online",
  "buy-online": "Buy Online",
  call: "Call",
  print: "Print",
  share: "Share",
  favourite: "Save to Favourites",
  watchlist: "Save to Watchlist",
};

export interface SidebarButton {
  action: SidebarAction;
  label: string;
  /** A link target; null for actions the page handles itself (call, share, favourite). */
  href: string | null;
  newTab?: boolean;
}

export const DEFAULT_SIDEBAR_BUTTONS: { action: SidebarAction }[] = [{ action: "enquire" }, { action: "test-drive" }, { action: "finance" }, { action: "call" }];

export function enquiryHref(car: Pick<Car, "id" | "slug">, category?: string): string {
  const params = new URLSearchParams({ car_id: String(car.id) });
  if (category) params.set("category", category);
  return `/contact?${params.toString()}#enquiry`;
}

export function actionHref(action: SidebarAction, car: Car, manifest: Pick<DealerManifest, "dealerships">): string | null {
  const slug = encodeURIComponent(car.slug);
  switch (action) {
    case "enquire":
      return enquiryHref(car);
    case "request-photos":
      return enquiryHref(car, "request-photos");
    case "test-drive":
      return `/book-test-drive/?car_id=${car.id}`;
    case "finance":
      return financeLink({ preferredDealership: car.dealership_slug ?? manifest.dealerships[0]?.slug, vehiclePriceBudget: car.price, carId: car.id, carType: car.car_type, vin: car.vin });
    case "trade-in":
      return `/cars/trade-in?car_id=${car.id}`;
    case "reserve":
      return `/cars/${slug}/checkout`;
    case "buy-online":
      return `/checkout-journey?car_id=${slug}`;
    case "print":
      return `/print?car_id=${slug}`;
    case "watchlist":
      return `/sign-in?type=watchlist&redirect=${encodeURIComponent(`/cars/${car.slug}`)}&back=${encodeURIComponent(`/cars/${car.slug}`)}`;
    default:
      return null;
  }
}

export function sidebarButtons(manifest: Pick<DealerManifest, "features" | "vehiclePage" | "dealerships">, car: Car): SidebarButton[] {
  const configured = (manifest.vehiclePage?.sidebarButtons ?? DEFAULT_SIDEBAR_BUTTONS) as { action: SidebarAction; label?: string; flag?: string }[];
  const available = isAvailable(car);
  return configured
    .filter((b) => isEnabled(manifest, b.flag) && isEnabled(manifest, ACTION_FEATURE[b.action]))
    .filter((b) => available || UNAVAILABLE_ACTIONS.has(b.action))
    .map((b) => ({ action: b.action, label: b.label?.trim() || DEFAULT_LABELS[b.action], href: actionHref(b.action, car, manifest), newTab: b.action === "print" ? true : undefined }));
}
