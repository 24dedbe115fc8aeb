/** Standard wording of the vehicle page's content sections (a dealer can replace each list in the block's props). */
export const DEFAULT_WHY_BUY = [
  "Every used vehicle inspected and history checked",
  "Finance and insurance arranged in-house",
  "Trade-ins welcome, valued on the spot",
  "A 48-hour money-back guarantee on used vehicles",
];
export const DEFAULT_WHATS_INCLUDED = ["A full tank of fuel", "A professional detail before delivery", "Two keys and the log books (where supplied)", "A roadworthy or safety certificate where required"];
export const DEFAULT_PROTECT = ["Extended warranty options", "Paint and interior protection", "Comprehensive insurance arranged in-house", "Roadside assistance"];
export const DEFAULT_USED_CAR_CHECKS = ["PPSR check: no finance owing and not written off", "Odometer verified", "Service history reviewed", "Mechanical inspection by our technicians"];

export const DEFAULT_SECTIONS = ["key-information", "dealer-comments", "finance-calculator", "features", "all-specifications", "similar-cars"] as const;

export const SECTION_TITLES: Record<string, string> = {
  "key-information": "Key Information",
  "used-car-checks": "Used Car Checks",
  video: "Video",
  "dealer-comments": "Dealer Comments",
  "whats-included": "What's Included",
  "why-buy-from-us": "Why Buy From Us",
  "reserve-online": "Reserve Online",
  "protect-your-car": "Protect Your Car",
  features: "Features",
  "fuel-calculator": "Fuel Calculator",
  "delivery-calculator": "Delivery Calculator",
  "all-specifications": "All Specifications",
  "car-summary": "Car Summary",
};

const PRICE_TYPES: Record<string, string> = { DAP: "Drive Away", EGC: "Excl. Government Charges", ORC: "Plus On-Road Costs", POA: "Price on Application" };
export function priceTypeLabel(t: string | undefined): string | null {
  return t ? (PRICE_TYPES[t] ?? null) : null;
}
