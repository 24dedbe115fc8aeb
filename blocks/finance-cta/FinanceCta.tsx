import { Link } from "@/runtime/ui/link";
import type { ResolvedFinanceCtaProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { financeLink } from "@/runtime/finance/finance-link";
import styles from "./finance-cta.module.css";

/**
 * 'Finance Available For This Vehicle!' with a 'Get Finance Now' link to the finance form,
 * carrying the car (preferredDealership, vehiclePriceBudget, car_id, car_type, vin, #finance-form).
 * The dealership defaults to the site's only dealership; a group site names it per car.
 */
export function FinanceCta({ props, site }: BlockComponentProps<ResolvedFinanceCtaProps>) {
  if (!isEnabled(site.manifest, "finance")) return null;
  const dealerships = site.manifest.dealerships ?? [];
  const preferredDealership = props.dealership ?? (dealerships.length === 1 ? dealerships[0].slug : null);
  const href = financeLink({
    basePath: props.financePath,
    preferredDealership,
    vehiclePriceBudget: props.price,
    carId: props.carId,
    carType: props.carType,
    vin: props.vin,
  });
  const headingId = "finance-cta-heading";
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {props.heading}
      </h2>
      {props.text ? <p className={styles.text}>{props.text}</p> : null}
      <Link href={href} className={styles.button}>
        {props.buttonLabel}
      </Link>
    </section>
  );
}
