const PRICE_TYPES: Record<string, string> = { DAP: "Drive Away", EGC: "Excl. Government Charges", ORC: "Plus On-Road Costs", POA: "Price on Application" };

/** What the feed's price type code means, shown after the price ('Drive Away'…); null for an unknown code. */
export function priceTypeLabel(t: string | undefined): string | null {
  return t ? (PRICE_TYPES[t] ?? null) : null;
}
