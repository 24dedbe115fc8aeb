/** The vehicle page's breadcrumbs after Home, in the dealer's chosen variant. */
import type { Car } from "@/runtime/stock/car";
import { bodyName } from "@/blocks/shared/vehicle-page/domain/specs";
import { slugify } from "@/runtime/slug";

const CAR_TYPE_NAMES: Record<string, string> = { new: "New", used: "Used", demo: "Demo" };

export function carTypeName(carType: string, usedKeyword = "Used"): string {
  return carType === "used" ? usedKeyword : (CAR_TYPE_NAMES[carType] ?? carType);
}

export interface Crumb {
  label: string;
  href?: string;
}

/**
 * Breadcrumbs after Home: the title ('2021 Toyota RAV4 GX', or the name), or the trail variant
 * car type > make > model > body type, each linking to its search page; the last is the page.
 */
export function breadcrumbTrail(car: Car, variant: "title" | "trail", usedKeyword = "Used"): Crumb[] {
  if (variant === "title") return [{ label: [car.year, car.make, car.model, car.badge].filter(Boolean).join(" ") || car.name }];
  const type = car.car_type === "used" ? "used-cars" : "new-and-demo-cars";
  const make = slugify(car.make);
  return [
    { label: carTypeName(car.car_type, usedKeyword), href: `/search/${type}` },
    { label: car.make, href: `/search/${make}` },
    { label: car.model, href: `/search/${make}/${slugify(car.model)}` },
    { label: bodyName(car) ?? car.name },
  ];
}
