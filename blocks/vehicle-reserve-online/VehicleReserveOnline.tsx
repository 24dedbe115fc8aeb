import { Link } from "@/runtime/ui/link";
import type { ResolvedVehicleReserveOnlineProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { isAvailable } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { resolvedWording } from "@/runtime/wording";
import { reservationSettings } from "@/runtime/reservations/rules";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { SectionPanel } from "@/blocks/shared/vehicle-page/parts";
import { actionHref } from "@/blocks/shared/vehicle-page/domain/actions";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import styles from "./vehicle-reserve-online.module.css";

/**
 * Reserve the car online with a refundable deposit: only a car that can still be bought, where the
 * dealer takes reservations (the reserve flag). The deposit and hold come from the manifest's
 * `reservations` section, the same numbers the checkout charges. A car held by a reservation
 * (the stock's flag or a live one laid over it) shows RESERVED instead of the button, in words true
 * for every reader: the page is cached for everyone, the buyer who holds the reservation included,
 * so it never says that someone else reserved it.
 */
export function VehicleReserveOnline({ site, context }: BlockComponentProps<ResolvedVehicleReserveOnlineProps>) {
  const page = vehiclePageContext(context);
  if (!page || !isAvailable(page.car) || !isEnabled(site.manifest, "reserve")) return null;
  const { depositDollars, holdHours } = reservationSettings(site.manifest);
  if (page.car.reserved) {
    return (
      <SectionPanel section="reserve-online" title="Reserve Online">
        <p>
          <strong className={styles.badge} data-testid="vdp-reserved">
            {resolvedWording(site.manifest.wording).reservedTag}
          </strong>{" "}
          This vehicle is reserved. Enquire and we will let you know if it becomes available again.
        </p>
      </SectionPanel>
    );
  }
  return (
    <SectionPanel section="reserve-online" title="Reserve Online">
      <p>
        Reserve this vehicle online with a <strong>{formatCurrency(depositDollars)}</strong> deposit. We hold it for you for <strong>{holdHours} hours</strong>,
        and the deposit is <strong>100% refundable</strong>.
      </p>
      <Link className={shared.button} href={actionHref("reserve", page.car, site.manifest)!}>
        Reserve Online
      </Link>
    </SectionPanel>
  );
}
