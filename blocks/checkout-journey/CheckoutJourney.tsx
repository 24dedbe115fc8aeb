import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import type { ResolvedCheckoutJourneyProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { resolvedWording } from "@/runtime/wording";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "./checkout-journey.module.css";
import { journeyView, stepHeading } from "./domain/journey-view";
import type { Step } from "@/runtime/payments/journey/steps";
import type { JourneyData, JourneyLoad } from "./load";
import { ErrorSummary } from "./steps/form-parts";
import { Progress } from "./steps/Progress";
import { ContactStep } from "./steps/ContactStep";
import { DeliveryStep } from "./steps/DeliveryStep";
import { TradeInStep } from "./steps/TradeInStep";
import { FinanceStep } from "./steps/FinanceStep";
import { DepositStep } from "./steps/DepositStep";
import { SummaryStep } from "./steps/SummaryStep";
import { ChooseCar, OrderSent, Unavailable } from "./steps/views";

/** Each step's form (the summary's also shows the dealer's terms). */
const STEP_FORMS: Record<Step, (p: { data: JourneyData; terms: string }) => ReactNode> = {
  contact: ContactStep,
  delivery: DeliveryStep,
  "trade-in": TradeInStep,
  finance: FinanceStep,
  deposit: DepositStep,
  summary: SummaryStep,
};

/** The online purchase journey: one step at a time, each a plain form post to the journey's payment route (runtime/payments/routes.ts). */
export function CheckoutJourney({ props, data, site, dataFailed }: BlockComponentProps<ResolvedCheckoutJourneyProps, JourneyLoad>) {
  // No such car for this dealer: the dealer's themed 404, as on the vehicle page.
  if (data === null && !dataFailed) notFound();
  if (!data) return null;
  if (data.kind === "choose") return <ChooseCar heading={props.heading} />;
  const view = journeyView(data);
  if (view === "sent") return <OrderSent data={data} />;
  const heading = (
    <h1 id="journey-title" className={styles.title}>
      {props.heading}: {data.car.title}
    </h1>
  );
  if (view === "unavailable") return <Unavailable data={data} heading={heading} reservedTag={resolvedWording(site.manifest.wording).reservedTag} />;
  const StepFormFor = STEP_FORMS[data.step];
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      {heading}
      <Progress data={data} />
      <h2 className={own.stepTitle} data-testid="journey-step">
        {stepHeading(data.step)}
      </h2>
      <ErrorSummary data={data} />
      <StepFormFor data={data} terms={props.terms} />
      <p>
        <BackToVehicle slug={data.car.slug} />
      </p>
    </section>
  );
}
