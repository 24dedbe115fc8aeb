import type { ResolvedWording } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { showsPrice } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { facetValueLabel } from "@/blocks/shared/search/domain/facets";
import { bodyName, kmText } from "@/blocks/shared/vehicle-page/domain/specs";

/** One row of the comparison: its label and each car's value as the shopper reads it ("–" when the car has none). */
export interface CompareField {
  label: string;
  values: string[];
}

const text = (v: unknown) => (v === null || v === undefined || v === "" ? "–" : String(v));

/**
 * The rows of the comparison, each value in the words the rest of the site uses (the search
 * filters' condition, the specifications' body names), never the feed's codes ("used", "suv").
 */
export function compareFields(cars: Car[], wording: Pick<ResolvedWording, "usedKeyword" | "noPriceText">): CompareField[] {
  const row = (label: string, f: (c: Car) => unknown) => ({ label, values: cars.map((c) => text(f(c))) });
  return [
    row("Price", (c) => (showsPrice(c.price) ? formatCurrency(c.price) : wording.noPriceText)),
    row("Condition", (c) => (c.car_type ? facetValueLabel("car_type", c.car_type, { usedKeyword: wording.usedKeyword }) : null)),
    row("Year", (c) => c.year),
    row("Make", (c) => c.make),
    row("Model", (c) => c.model),
    row("Badge", (c) => c.badge),
    row("Body", (c) => bodyName(c)),
    row("Transmission", (c) => c.simple_transmission ?? c.trans),
    row("Fuel", (c) => c.simple_fuel ?? c.fuel),
    row("Drive", (c) => c.drive),
    row("Kilometres", (c) => kmText(c.km)),
    row("Engine", (c) => (c.engine_size_litres ? `${c.engine_size_litres} L` : null)),
    row("Seats", (c) => c.seats),
    row("Doors", (c) => c.doors),
    row("Colour", (c) => c.colour),
    row("Stock No.", (c) => c.stocknum),
  ];
}
