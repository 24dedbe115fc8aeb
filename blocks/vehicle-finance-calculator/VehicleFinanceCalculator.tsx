import type { ResolvedVehicleFinanceCalculatorProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isAvailable, showsPrice } from "@/runtime/cars/availability";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { FinanceCalculator } from "@/blocks/finance-calculator/FinanceCalculator";

/**
 * The site's finance calculator started from the car's price. It sits low on the page, so its
 * panel's code waits until the panel is reached. Nothing for a car that cannot be bought or
 * shows no price: there is nothing to finance.
 */
export function VehicleFinanceCalculator({ site, context }: BlockComponentProps<ResolvedVehicleFinanceCalculatorProps>) {
  const page = vehiclePageContext(context);
  if (!page || !isAvailable(page.car) || !showsPrice(page.car.price)) return null;
  return (
    <div className={shared.embedded} data-section="finance-calculator">
      {FinanceCalculator({ props: { carPrice: page.car.price, headingLevel: 2 }, data: undefined, dataFailed: false, site, slots: {} }, { belowTheFold: true })}
    </div>
  );
}
