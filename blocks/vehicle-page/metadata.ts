import type { ResolvedVehiclePageProps } from "@/runtime/generated/types";
import type { BlockMetadata, SiteContext } from "@/runtime/render/types";
import { carTitle, showsPrice } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import type { VehiclePageData } from "./load";

/** The car's own title, description and photo for the page head (search results and shares). */
export function vehiclePageMetadata(_props: ResolvedVehiclePageProps, data: VehiclePageData | null | undefined, site: SiteContext): BlockMetadata | null {
  if (!data) return null;
  const { car } = data;
  const title = carTitle(car);
  const price = showsPrice(car.price) ? ` ${formatCurrency(car.price)}.` : "";
  const km = typeof car.km === "number" ? ` ${car.km.toLocaleString("en-AU")} km,` : "";
  const where = car.location_name ?? car.city ?? site.manifest.name;
  return {
    title,
    description: `${title}:${km} ${[car.simple_transmission, car.simple_body, car.colour].filter(Boolean).join(", ")}.${price} At ${where}.`
      .replace(/\s+/g, " ")
      .trim(),
    image: car.images?.[0]?.image.url ?? car.primary_image_url,
  };
}
