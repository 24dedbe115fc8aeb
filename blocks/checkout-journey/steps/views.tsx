/** The journey's pages besides a step: no car chosen, the order sent, and a car no longer for sale online. */
import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import { CarUnavailable, PaymentOutcome } from "@/blocks/shared/payments/PaymentPages";
import type { JourneyData } from "../load";
import { Answers } from "./Answers";

export function ChooseCar({ heading }: { heading: string }) {
  return (
    <PaymentOutcome titleId="journey-title" title={heading}>
      <p>Choose a car to buy online: open it from our stock and select Buy Online.</p>
      <p>
        <Link href="/search/new-used-and-demo-cars">Browse our stock</Link>
      </p>
    </PaymentOutcome>
  );
}

export function OrderSent({ data }: { data: JourneyData }) {
  return (
    <PaymentOutcome titleId="journey-title" title="Order sent" testId="journey-done" testMode={data.testMode} next={<BackToVehicle slug={data.car.slug} />}>
      <p>
        Thank you{data.state.answers.contact ? `, ${data.state.answers.contact.name}` : ""}. Your order for the <strong>{data.car.title}</strong> has been sent
        to our team, who will contact you shortly to finalise it.
      </p>
      <Answers data={data} edit={false} />
    </PaymentOutcome>
  );
}

/** Reserved online by someone else (with the dealer's own word for it), or no longer sold online. */
export function Unavailable({ data, heading, reservedTag }: { data: JourneyData; heading: ReactNode; reservedTag: string }) {
  return (
    <CarUnavailable
      titleId="journey-title"
      heading={heading}
      idPrefix="journey"
      action="bought"
      reserved={data.availability === "reserved"}
      reservedTag={reservedTag}
      slug={data.car.slug}
    />
  );
}
