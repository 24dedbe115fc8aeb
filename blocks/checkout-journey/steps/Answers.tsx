import { Link } from "@/runtime/ui/link";
import own from "../checkout-journey.module.css";
import { journeyHref, summaryRows } from "../domain/journey-view";
import type { JourneyData } from "../load";

/** The summary's rows; while the order can still change, each answer with a Change link back to its step. */
export function Answers({ data, edit }: { data: JourneyData; edit: boolean }) {
  return (
    <dl className={own.answers} data-testid="journey-summary">
      {summaryRows(data).map((row) => (
        <div key={row.label}>
          <dt>
            {row.label}
            {edit && row.step ? (
              <>
                {" "}
                <Link className={own.change} href={journeyHref(data.car.slug, row.step)}>
                  Change<span className={own.visuallyHidden}> {row.label.toLowerCase()}</span>
                </Link>
              </>
            ) : null}
          </dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </dl>
  );
}
