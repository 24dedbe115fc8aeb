import type { ResolvedVehicleRecentlyViewedProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { RecentlyViewed } from "@/blocks/shared/recently-viewed/client/RecentlyViewed.lazy";

export function VehicleRecentlyViewed({ props, context }: BlockComponentProps<ResolvedVehicleRecentlyViewedProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const car = page.car;
  return (
    <RecentlyViewed
      heading={props.title}
      current={{
        id: car.id,
        stocknum: car.stocknum ?? "",
        make: car.make,
        model: car.model,
        body: car.body ?? "",
        simple_body: car.simple_body ?? "",
        slug: car.slug,
        year: car.year ?? null,
      }}
    />
  );
}
