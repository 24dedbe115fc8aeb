import type { ResolvedVehicleDisclaimerProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { HistoryReportLink } from "./client/HistoryReportLink.lazy";

/** The car's history report (when its feed carries a safe URL) and the dealer's vehicle disclaimer. */
export function VehicleDisclaimer({ props, context }: BlockComponentProps<ResolvedVehicleDisclaimerProps>) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { car, analyticsSink } = page;
  const report = safeHref(car.file);
  // Only a web address: a report is a document, never a site path, mail or phone link.
  const reportHref = report && /^https?:\/\//i.test(report) ? report : null;
  return (
    <section className={shared.section} aria-labelledby="vdp-disclaimer-heading" data-section="disclaimer">
      <h2 id="vdp-disclaimer-heading" className="visually-hidden">
        Disclaimer
      </h2>
      {reportHref ? (
        <p>
          <HistoryReportLink href={reportHref} carId={car.id} sink={analyticsSink} className={`${shared.button} ${shared.buttonOutline}`}>
            {props.historyReportLabel}
          </HistoryReportLink>
        </p>
      ) : null}
      <p className={shared.muted} data-testid="vehicle-disclaimer">
        {props.text}
      </p>
    </section>
  );
}
