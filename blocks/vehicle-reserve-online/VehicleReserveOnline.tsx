import Link from "next/link";
import type { ResolvedVehicleReserveOnlineProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { isAvailable } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { actionHref } from "@/blocks/shared/vehicle-page/domain/actions";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Reserve the car online with a refundable deposit: only a car that can still be bought, where the dealer takes reservations (the reserve flag). */
export function VehicleReserveOnline({ props, site, context }: BlockComponentProps<ResolvedVehicleReserveOnlineProps>) {
  const page = vehiclePageContext(context);
  if (!page || !isAvailable(page.car) || !isEnabled(site.manifest, "reserve")) return null;
  const { deposit } = props;
  return (
    <SectionPanel section="reserve-online" title="Reserve Online">
      <p>
        Reserve this vehicle online with a <strong>{formatCurrency(deposit)}</strong> deposit. We hold it for you for <strong>48 hours</strong>, and the deposit
        is <strong>100% refundable</strong>.
      </p>
      <Link className={shared.button} href={actionHref("reserve", page.car, site.manifest)!}>
        Reserve Online
      </Link>
    </SectionPanel>
  );
}
