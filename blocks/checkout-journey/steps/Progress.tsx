import { Link } from "@/runtime/ui/link";
import own from "../checkout-journey.module.css";
import { journeyHref, progressOf } from "../domain/journey-view";
import type { JourneyData } from "../load";

/** The steps in order: the current one marked, the reached ones links back, the done ones said so. */
export function Progress({ data }: { data: JourneyData }) {
  return (
    <nav aria-label="Checkout steps">
      <ol className={own.steps}>
        {progressOf(data).map((s) => {
          const label = (
            <>
              <span className={own.stepNumber}>{s.number}</span> {s.title}
              {s.done ? <span className={own.visuallyHidden}> (done)</span> : null}
            </>
          );
          return (
            <li key={s.step} className={s.current ? own.current : undefined} aria-current={s.current ? "step" : undefined}>
              {s.open ? <Link href={journeyHref(data.car.slug, s.step)}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
