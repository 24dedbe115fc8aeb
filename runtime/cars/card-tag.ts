import type { Car, ResolvedSearchSettings, ResolvedWording } from "@/runtime/generated/types";
import { isAvailable } from "./availability";

export type CardTag =
  | { kind: "fuel"; label: "Electric" | "Hybrid" | "PHEV" }
  | { kind: "reserved"; label: string }
  /** The certified-used image badge (an image, not a text tag); `label` is its alt text. */
  | { kind: "certified"; label: string; image: string }
  | { kind: "custom"; label: string }
  | { kind: "coming-soon"; label: string }
  | { kind: "new"; label: string }
  | { kind: "sold"; label: string };

/** The certified-used badge picture (public/badges/), 4:1. */
export const CERTIFIED_BADGE_IMAGE = "/badges/certified-pre-owned.svg";

export interface CardTagOptions {
  /** The site's words for the tags. */
  wording: Pick<ResolvedWording, "reservedTag" | "comingSoonTag" | "newBadge" | "soldTag">;
  /** The site's fuelTags flag. */
  fuelTags: boolean;
  /** Makes whose certified-used badge shows: the site's search.certifiedMakes. */
  certifiedMakes: ResolvedSearchSettings["certifiedMakes"];
  /** The site's search.justArrivedDays: a car listed within this many days is new. */
  justArrivedDays: ResolvedSearchSettings["justArrivedDays"];
  now: Date;
}

type TagCar = Pick<Car, "simple_fuel" | "reserved" | "certified" | "make" | "tag" | "status" | "created_at_timestamp" | "car_type">;

/**
 * The one tag a card shows, first match wins:
 * fuel tag → RESERVED → certified badge → custom tag → COMING SOON → New (just arrived) → sold tag.
 */
export function cardTag(car: TagCar, options: CardTagOptions): CardTag | null {
  const w = options.wording;
  const fuel = car.simple_fuel;
  if (options.fuelTags && (fuel === "Electric" || fuel === "Hybrid" || fuel === "PHEV")) return { kind: "fuel", label: fuel };
  if (car.reserved) return { kind: "reserved", label: w.reservedTag };
  if (car.certified && car.status !== "sold" && options.certifiedMakes.some((m) => m.toLowerCase() === car.make.toLowerCase()))
    return { kind: "certified", label: "Certified Pre-Owned", image: CERTIFIED_BADGE_IMAGE };
  if (car.tag && car.tag.trim()) return { kind: "custom", label: car.tag.trim() };
  if (car.status === "coming_soon") return { kind: "coming-soon", label: w.comingSoonTag };
  if (car.created_at_timestamp && options.now.getTime() / 1000 - car.created_at_timestamp <= options.justArrivedDays * 86400 && isAvailable(car))
    return { kind: "new", label: w.newBadge };
  if (!isAvailable(car)) return { kind: "sold", label: w.soldTag };
  return null;
}
