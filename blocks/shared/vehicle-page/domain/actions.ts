/**
 * The vehicle page's calls to action, shared by the sidebar's buttons and the sticky bars: what
 * each action is called, where it links (the page without JavaScript, or the lead dialog's
 * fallback) and which actions open a lead dialog instead of leaving the page.
 */
import type { DealerManifest, SidebarButtonAction, Wording } from "@/runtime/generated/types";
import { resolvedWording } from "@/runtime/wording";
import type { Car } from "@/runtime/stock/car";
import { financeLink } from "@/runtime/finance/finance-link";
import type { LeadDialogKind } from "../client/lead-dialog-store";

/** The actions a vehicle page offers: the sidebar button schema's list (one source). */
export type CarAction = SidebarButtonAction;

/** The feature flag an action needs, when it needs one. */
export const ACTION_FEATURE: Partial<Record<CarAction, string>> = {
  "test-drive": "testDrive",
  finance: "finance",
  "trade-in": "tradeIn",
  reserve: "reserve",
  "buy-online": "onlinePurchase",
  print: "printPdf",
  favourite: "favourites",
  watchlist: "watchlist",
  compare: "compare",
};

export const ACTION_LABELS: Record<CarAction, string> = {
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
  compare: "Compare",
};

/** An action's label on this site: the enquire button reads the site's word ('Message Now' on some sites). */
export function actionLabel(action: CarAction, wording: Wording | undefined | null): string {
  return action === "enquire" ? `${resolvedWording(wording).enquireButton} Now` : ACTION_LABELS[action];
}

/** Actions that open a lead dialog instead of leaving the page (their link stays the fallback). */
export const DIALOG_ACTIONS: Partial<Record<CarAction, LeadDialogKind>> = {
  enquire: "enquire",
  "test-drive": "test-drive",
  "request-photos": "request-photos",
};

export function enquiryHref(car: Pick<Car, "id" | "slug">, category?: string): string {
  const params = new URLSearchParams({ car_id: String(car.id) });
  if (category) params.set("category", category);
  return `/contact?${params.toString()}#enquiry`;
}

export function actionHref(action: CarAction, car: Car, manifest: Pick<DealerManifest, "dealerships">): string | null {
  const slug = encodeURIComponent(car.slug);
  switch (action) {
    case "enquire":
      return enquiryHref(car);
    case "request-photos":
      return enquiryHref(car, "request-photos");
    case "test-drive":
      return `/book-test-drive/?car_id=${car.id}`;
    case "finance":
      return financeLink({
        preferredDealership: car.dealership_slug ?? manifest.dealerships[0]?.slug,
        vehiclePriceBudget: car.price,
        carId: car.id,
        carType: car.car_type,
        vin: car.vin,
      });
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
