import type { SignInKind } from "./kinds";

/** The manifest's `accounts` section as the gate reads it (which routes the site gates by flag). */
export interface GateSettings {
  gateCheckout: boolean;
  gateFinance: boolean;
  gateSpinToWin: boolean;
  gateEquifaxFinance: boolean;
}

/** Always gated: online payment, my garage and the brand garage routes. */
export const GARAGE_PATHS = ["/my-garage", "/mymotorama", "/mybigboxcars", "/myblinkr", "/myservco"] as const;

function under(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(base + "/");
}

/**
 * Which sign-in kind a signed-out visitor of `pathname` must go through, or null when the path is
 * open. A checkout path with no car slug (/cars/checkout, /checkout-journey without car_id) is not
 * gated.
 */
export function gateFor(settings: GateSettings, pathname: string, searchParams: Record<string, string | string[] | undefined> = {}): SignInKind | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (under(path, "/online-payment")) return "online-payment";
  if (GARAGE_PATHS.some((p) => under(path, p))) return "my-garage";
  if (under(path, "/personalised/finance")) return "car-finance";
  if (settings.gateCheckout) {
    if (/^\/cars\/[^/]+\/(checkout|buy-online)$/.test(path)) return "checkout";
    if (path === "/checkout-journey") {
      const car = searchParams.car_id;
      if (typeof car === "string" && car.trim() !== "") return "checkout";
    }
  }
  if (settings.gateFinance && under(path, "/finance")) return "finance";
  if (settings.gateEquifaxFinance && (under(path, "/equifax-finance") || under(path, "/finance/equifax"))) return "finance";
  if (settings.gateSpinToWin && under(path, "/spin-to-win")) return "spin-to-win";
  return null;
}
