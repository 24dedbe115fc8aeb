import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import type { ResolvedCheckoutJourneyProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formatCurrency, formatCurrencyCents } from "@/runtime/finance/format";
import { resolvedWording } from "@/runtime/wording";
import { formatDeposit, formatHoldEnd } from "@/runtime/reservations/rules";
import { BackToVehicle } from "@/blocks/shared/payments/BackToVehicle";
import { PaymentMarks, TestCardList } from "@/blocks/shared/payments/PaymentMarks";
import { CardFields, FieldError, PaymentField, type PaymentFieldProps } from "@/blocks/shared/payments/PaymentField";
import { PaymentErrorSummary, TestModeNotice } from "@/blocks/shared/payments/PaymentNotices";
import { StripePayment } from "@/blocks/shared/payments/client/StripePayment.lazy";
import styles from "@/blocks/shared/payments/payment-form.module.css";
import own from "./checkout-journey.module.css";
import { AU_STATES, STEP_TITLES, STEPS, isComplete, stepIndex, type Step } from "./domain/steps";
import { summaryLines } from "./domain/lead";
import type { JourneyData, JourneyLoad } from "./load";
import { JOURNEY_URLS } from "@/runtime/payments/routes";

const ACTION = JOURNEY_URLS.pay;
const journeyHref = (slug: string, step?: Step) => `/checkout-journey?${new URLSearchParams({ car_id: slug, ...(step ? { step } : {}) }).toString()}`;

/** The journey's field ids are `journey-{name}`: the error summary links to them. */
const ID_PREFIX = "journey";
const Field = (p: Omit<PaymentFieldProps, "idPrefix">) => <PaymentField idPrefix={ID_PREFIX} {...p} />;

/** What the shopper typed in this step's last rejected post, and its message for a field (none when the post was accepted). */
function lastPost(data: JourneyData) {
  const typed = data.draft?.typed ?? {};
  const err = (field: string) => data.draft?.errors.find((e) => e.field === field)?.message;
  return { typed, err };
}

function Select(p: { name: string; label: string; value: string; options: readonly { value: string; label: string }[]; error?: string }) {
  const id = `${ID_PREFIX}-${p.name}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {p.label}
      </label>
      <select
        className={styles.input}
        id={id}
        name={p.name}
        defaultValue={p.value}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
      >
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={p.error} />
    </div>
  );
}

/** A group of radio buttons in a fieldset with its legend; the error is tied to the group. */
function Choice(p: { name: string; legend: string; value: string; options: readonly { value: string; label: string }[]; error?: string }) {
  const id = `${ID_PREFIX}-${p.name}`;
  return (
    <fieldset className={own.choice} aria-describedby={p.error ? `${id}-error` : undefined}>
      <legend className={styles.label}>{p.legend}</legend>
      {p.options.map((o) => (
        <div className={styles.check} key={o.value}>
          <input id={`${id}-${o.value}`} type="radio" name={p.name} value={o.value} defaultChecked={p.value === o.value} />
          <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      <FieldError id={id} error={p.error} />
    </fieldset>
  );
}

function Progress({ data }: { data: JourneyData }) {
  return (
    <nav aria-label="Checkout steps">
      <ol className={own.steps}>
        {STEPS.map((s, i) => {
          const current = s === data.step;
          const open = !current && stepIndex(s) <= stepIndex(data.reached) && !(s === "deposit" && data.state.reservationId);
          const label = (
            <>
              <span className={own.stepNumber}>{i + 1}</span> {STEP_TITLES[s]}
              {isComplete(data.state, s) && !current ? <span className={own.visuallyHidden}> (done)</span> : null}
            </>
          );
          return (
            <li key={s} className={current ? own.current : undefined} aria-current={current ? "step" : undefined}>
              {open ? <Link href={journeyHref(data.car.slug, s)}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** One step's form: the car, the step and the carried figures as hidden fields; Continue first so Enter goes on. */
function StepForm({ data, children, next = "Continue", back = true }: { data: JourneyData; children: ReactNode; next?: string; back?: boolean }) {
  return (
    <form className={styles.form} method="post" action={ACTION} id="journey-form" noValidate>
      <input type="hidden" name="car_id" value={data.car.slug} />
      <input type="hidden" name="step" value={data.step} />
      {Object.entries(data.carried).map(([k, v]) => (
        <input key={k} type="hidden" name={`carry_${k}`} value={v} />
      ))}
      {children}
      <div className={own.buttons}>
        <button type="submit" name="intent" value="next" className={styles.submit}>
          {next}
        </button>
        {back ? (
          <button type="submit" name="intent" value="back" className={own.back}>
            Back
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ErrorSummary({ data }: { data: JourneyData }) {
  const d = data.draft;
  if (!d || (!d.errors.length && !d.message)) return null;
  return <PaymentErrorSummary idPrefix={ID_PREFIX} testId="journey-error" message={d.message ?? "Please fix the following errors:"} fields={d.errors} />;
}

function ContactStep({ data }: { data: JourneyData }) {
  const c = data.state.answers.contact;
  const { typed, err } = lastPost(data);
  // What was typed, else the saved answer, else a signed-in shopper's details.
  const v = (f: keyof NonNullable<typeof c>) => typed[f] ?? c?.[f] ?? (f === "postcode" ? undefined : data.prefill[f]) ?? "";
  return (
    <StepForm data={data} back={false}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Your details</legend>
        <Field name="name" label="First name" autoComplete="given-name" value={v("name")} error={err("name")} />
        <Field name="last_name" label="Last name" autoComplete="family-name" value={v("last_name")} error={err("last_name")} />
        <Field name="email" label="Email" type="email" inputMode="email" autoComplete="email" value={v("email")} error={err("email")} />
        <Field name="phone" label="Mobile" type="tel" inputMode="tel" autoComplete="tel" value={v("phone")} error={err("phone")} />
        <Field name="postcode" label="Postcode" inputMode="numeric" autoComplete="postal-code" maxLength={4} value={v("postcode")} error={err("postcode")} />
      </fieldset>
    </StepForm>
  );
}

function DeliveryStep({ data }: { data: JourneyData }) {
  const d = data.state.answers.delivery;
  const { typed, err } = lastPost(data);
  const method = typed.method ?? d?.method ?? "pickup";
  const location = typed.location ?? (d?.method === "pickup" ? String(d.locationId) : data.locations.length === 1 ? String(data.locations[0]!.id) : "");
  const addr = d?.method === "delivery" ? d : null;
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.delivery}`}>
        <legend className={styles.subtitle}>Delivery or pickup</legend>
        <Choice
          name="method"
          legend="How would you like to get your car?"
          value={method}
          error={err("method")}
          options={[
            { value: "pickup", label: "Pick it up at one of our locations" },
            { value: "delivery", label: "Deliver it to my address" },
          ]}
        />
        <div className={own.pickupGroup}>
          <h3 className={own.groupTitle}>Pickup</h3>
          <Select
            name="location"
            label="Pickup location"
            value={location}
            error={err("location")}
            options={[{ value: "", label: "Select a location" }, ...data.locations.map((l) => ({ value: String(l.id), label: l.name }))]}
          />
        </div>
        <div className={own.addressGroup}>
          <h3 className={own.groupTitle}>Delivery address</h3>
          <Field name="street" label="Street address" autoComplete="street-address" value={typed.street ?? addr?.street ?? ""} error={err("street")} optional />
          <div className={styles.row}>
            <Field name="suburb" label="Suburb" autoComplete="address-level2" value={typed.suburb ?? addr?.suburb ?? ""} error={err("suburb")} optional />
            <Select
              name="state"
              label="State"
              value={typed.state ?? addr?.state ?? "QLD"}
              error={err("state")}
              options={AU_STATES.map((s) => ({ value: s, label: s }))}
            />
            <Field
              name="postcode"
              label="Postcode"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              value={typed.postcode ?? addr?.postcode ?? ""}
              error={err("postcode")}
              optional
            />
          </div>
        </div>
      </fieldset>
    </StepForm>
  );
}

function TradeInStep({ data }: { data: JourneyData }) {
  const t = data.state.answers.tradeIn;
  const { typed, err } = lastPost(data);
  const saved = t?.has ? t : null;
  const has = typed.has_trade_in ?? (t ? (t.has ? "yes" : "no") : "");
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.tradeIn}`}>
        <legend className={styles.subtitle}>Trade-in</legend>
        <Choice
          name="has_trade_in"
          legend="Do you have a car to trade in?"
          value={has}
          error={err("has_trade_in")}
          options={[
            { value: "yes", label: "Yes, value my car" },
            { value: "no", label: "No trade-in" },
          ]}
        />
        <div className={own.tradeFields}>
          <p className={styles.hint}>We look up your car by its registration and give you an online estimate.</p>
          <div className={styles.row}>
            <Field name="rego" label="Rego" autoComplete="off" maxLength={9} value={typed.rego ?? saved?.rego ?? ""} error={err("rego")} optional />
            <Select
              name="regoState"
              label="Rego state"
              value={typed.regoState ?? saved?.regoState ?? "QLD"}
              error={err("regoState")}
              options={data.regoStates.map((s) => ({ value: s, label: s }))}
            />
            <Field
              name="kms"
              label="Kilometres"
              autoComplete="off"
              inputMode="numeric"
              value={typed.kms ?? (saved ? String(saved.kms) : "")}
              error={err("kms")}
              optional
            />
          </div>
          {data.questions.map((q) => (
            <Select
              key={q.id}
              name={`q_${q.id}`}
              label={q.question}
              value={typed[`q_${q.id}`] ?? saved?.adjustmentAnswers[q.id] ?? q.options[0]!}
              options={q.options.map((o) => ({ value: o, label: o }))}
            />
          ))}
        </div>
        {saved ? (
          <p data-testid="trade-in-estimate">
            {saved.valuation.status === "offer"
              ? `Your ${saved.vehicle.year} ${saved.vehicle.make} ${saved.vehicle.model}: estimate ${formatCurrency(saved.valuation.offerPrice)}.`
              : saved.valuation.message}
          </p>
        ) : null}
      </fieldset>
    </StepForm>
  );
}

function FinanceStep({ data }: { data: JourneyData }) {
  const f = data.state.answers.finance;
  const { typed, err } = lastPost(data);
  const fin = data.finance;
  const t = data.state.answers.tradeIn;
  const method = typed.pay_method ?? f?.method ?? (fin ? "finance" : "cash");
  if (!fin)
    return (
      <StepForm data={data}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.subtitle}>Finance</legend>
          <p>Finance is not offered online for this car. Our team can talk you through your options.</p>
          <input type="hidden" name="pay_method" value="cash" />
        </fieldset>
      </StepForm>
    );
  const u = fin.output.used;
  const r = fin.output.ranges;
  return (
    <StepForm data={data}>
      <fieldset className={`${styles.fieldset} ${own.finance}`}>
        <legend className={styles.subtitle}>Finance</legend>
        <Choice
          name="pay_method"
          legend="How will you pay?"
          value={method}
          error={err("pay_method")}
          options={[
            { value: "finance", label: "With finance" },
            { value: "cash", label: "Without finance (cash, or my own lender)" },
          ]}
        />
        <div className={own.financeFields}>
          <div className={own.figure} data-testid="finance-figure">
            <p>
              Price <strong>{formatCurrency(u.price)}</strong>
              {fin.output.advertised ? (
                <>
                  {" "}
                  at <strong>{u.rate}% p.a.</strong>
                </>
              ) : null}
            </p>
            <p>
              {fin.output.display.enquire ? (
                fin.output.display.paymentText
              ) : (
                <>
                  <strong>{fin.output.display.paymentText}</strong> {u.frequency} over {u.termYears} years with a {formatCurrency(u.deposit)} deposit
                </>
              )}
            </p>
            {t?.has && t.valuation.status === "offer" ? (
              <p>Your trade-in estimate of {formatCurrency(t.valuation.offerPrice)} can go towards the deposit.</p>
            ) : null}
          </div>
          <div className={styles.row}>
            <Select
              name="term"
              label="Term (years)"
              value={typed.term ?? String(u.termYears)}
              error={err("term")}
              options={fin.termOptions.map((y) => ({ value: String(y), label: `${y} years` }))}
            />
            <Field
              name="deposit"
              label="Deposit or trade-in ($)"
              autoComplete="off"
              inputMode="numeric"
              value={typed.deposit ?? String(u.deposit)}
              error={err("deposit")}
              hint={`${formatCurrency(r.deposit.min)} to ${formatCurrency(r.deposit.max)}`}
              optional
            />
            <Select
              name="frequency"
              label="Repayments"
              value={typed.frequency ?? u.frequency}
              error={err("frequency")}
              options={[
                { value: "weekly", label: "Weekly" },
                { value: "fortnightly", label: "Fortnightly" },
                { value: "monthly", label: "Monthly" },
              ]}
            />
          </div>
          {r.residual.hidden ? null : (
            <Field
              name="residual"
              label="Residual repayment ($)"
              autoComplete="off"
              inputMode="numeric"
              value={typed.residual ?? String(u.residual)}
              error={err("residual")}
              optional
            />
          )}
          <input type="hidden" name="rate" value={String(u.rate)} />
          <p className={styles.hint}>{fin.output.disclaimer.short}</p>
        </div>
      </fieldset>
    </StepForm>
  );
}

function DepositStep({ data }: { data: JourneyData }) {
  const deposit = formatDeposit(data.depositCents);
  const { err } = lastPost(data);
  const stripe = data.payment?.cardEntry === "hosted" ? data.payment.publishableKey : null;
  return (
    <form className={styles.form} method="post" action={ACTION} id="journey-form" noValidate>
      <input type="hidden" name="car_id" value={data.car.slug} />
      <input type="hidden" name="step" value="deposit" />
      <input type="hidden" name="token" value={data.token} />
      {data.testMode ? <TestModeNotice /> : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Deposit</legend>
        <p className={styles.deposit}>
          <strong>{deposit}</strong> holds this {data.car.title} for you for <strong>{data.holdHours} hours</strong>. The deposit is{" "}
          <strong>100% refundable</strong>.
        </p>
        <PaymentMarks />
        {stripe ? (
          // Stripe's Payment Element (card data never reaches our server); its own submit button pays, Back still posts the form.
          <StripePayment
            publishableKey={stripe}
            amountCents={data.depositCents}
            buttonText={`Pay ${deposit} deposit`}
            intentPath={JOURNEY_URLS.intent}
            returnPath={JOURNEY_URLS.return}
          />
        ) : (
          <CardFields idPrefix={ID_PREFIX} cardNumberError={err("card_number")} />
        )}
        {data.testMode ? <TestCardList /> : null}
      </fieldset>
      <div className={own.buttons}>
        {stripe ? null : (
          <button type="submit" name="intent" value="next" className={styles.submit}>
            Pay {deposit} deposit
          </button>
        )}
        <button type="submit" name="intent" value="back" className={own.back}>
          Back
        </button>
      </div>
    </form>
  );
}

function Answers({ data, edit }: { data: JourneyData; edit: boolean }) {
  const c = data.state.answers.contact;
  const lines = summaryLines(data.state.answers, data.reservation);
  const change = (s: Step) =>
    edit ? (
      <Link className={own.change} href={journeyHref(data.car.slug, s)}>
        Change<span className={own.visuallyHidden}> {STEP_TITLES[s].toLowerCase()}</span>
      </Link>
    ) : null;
  return (
    <dl className={own.answers} data-testid="journey-summary">
      <div>
        <dt>Vehicle</dt>
        <dd>
          {data.car.title}
          {data.car.price !== null ? ` · ${formatCurrency(data.car.price)}` : ""}
        </dd>
      </div>
      {c ? (
        <div>
          <dt>Your details {change("contact")}</dt>
          <dd>
            {c.name} {c.last_name}, {c.email}, {c.phone}, {c.postcode}
          </dd>
        </div>
      ) : null}
      {(["delivery", "trade-in", "finance"] as const).map((s, i) =>
        lines[i] ? (
          <div key={s}>
            <dt>
              {STEP_TITLES[s]} {change(s)}
            </dt>
            <dd>{lines[i]}</dd>
          </div>
        ) : null,
      )}
      {data.reservation ? (
        <div>
          <dt>Deposit</dt>
          <dd>
            {formatCurrencyCents(data.reservation.depositCents / 100)} paid, 100% refundable (reservation {data.reservation.id})
            {data.reservation.expiresAt && data.reservation.status === "held" ? `, held until ${formatHoldEnd(data.reservation.expiresAt, data.timeZone)}` : ""}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

function SummaryStep({ data, terms }: { data: JourneyData; terms: string }) {
  const err = lastPost(data).err("terms");
  return (
    <StepForm data={data} next="Send my order">
      <section className={styles.card} aria-labelledby="journey-summary-title">
        <h2 id="journey-summary-title" className={styles.subtitle}>
          Summary
        </h2>
        <Answers data={data} edit />
      </section>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subtitle}>Terms</legend>
        <p className={styles.terms}>{terms}</p>
        <div className={styles.check}>
          <input
            id="journey-terms"
            type="checkbox"
            name="terms"
            value="yes"
            aria-invalid={err ? true : undefined}
            aria-describedby={err ? "journey-terms-error" : undefined}
          />
          <label htmlFor="journey-terms">I accept the terms</label>
        </div>
        <FieldError id="journey-terms" error={err} />
      </fieldset>
    </StepForm>
  );
}

function Done({ data }: { data: JourneyData }) {
  return (
    <div className={styles.card} data-testid="journey-done">
      <p>
        Thank you{data.state.answers.contact ? `, ${data.state.answers.contact.name}` : ""}. Your order for the <strong>{data.car.title}</strong> has been sent
        to our team, who will contact you shortly to finalise it.
      </p>
      <Answers data={data} edit={false} />
      {data.testMode ? <p className={styles.testNote}>Test mode: no real money was taken.</p> : null}
    </div>
  );
}

/** The online purchase journey: one step at a time, each a plain form post to the journey deposit purpose's `pay` step. */
export function CheckoutJourney({ props, data, site, dataFailed }: BlockComponentProps<ResolvedCheckoutJourneyProps, JourneyLoad>) {
  // No such car for this dealer: the dealer's themed 404, as on the vehicle page.
  if (data === null && !dataFailed) notFound();
  if (!data) return null;
  if (data.kind === "choose")
    return (
      <section className={styles.section} aria-labelledby="journey-title">
        <h1 id="journey-title" className={styles.title}>
          {props.heading}
        </h1>
        <div className={styles.card}>
          <p>Choose a car to buy online: open it from our stock and select Buy Online.</p>
          <p>
            <Link href="/search/new-used-and-demo-cars">Browse our stock</Link>
          </p>
        </div>
      </section>
    );

  const heading = (
    <h1 id="journey-title" className={styles.title}>
      {props.heading}: {data.car.title}
    </h1>
  );

  if (data.state.submitted)
    return (
      <section className={styles.section} aria-labelledby="journey-title">
        <h1 id="journey-title" className={styles.title}>
          Order sent
        </h1>
        <Done data={data} />
        <p>
          <BackToVehicle slug={data.car.slug} />
        </p>
      </section>
    );

  if (data.availability !== "ok" && !data.reservation)
    return (
      <section className={styles.section} aria-labelledby="journey-title">
        {heading}
        <div className={styles.card} data-testid="journey-unavailable">
          {data.availability === "reserved" ? (
            <p>
              <strong className={styles.badge} data-testid="journey-reserved">
                {resolvedWording(site.manifest.wording).reservedTag}
              </strong>{" "}
              This vehicle has been reserved online by another buyer, so it cannot be bought online just now.
            </p>
          ) : (
            <p>This vehicle can no longer be bought online. Please contact us about it.</p>
          )}
          <p>
            <BackToVehicle slug={data.car.slug} />
          </p>
        </div>
      </section>
    );

  const step = data.step;
  return (
    <section className={styles.section} aria-labelledby="journey-title">
      {heading}
      <Progress data={data} />
      <h2 className={own.stepTitle} data-testid="journey-step">
        Step {stepIndex(step) + 1} of {STEPS.length}: {STEP_TITLES[step]}
      </h2>
      <ErrorSummary data={data} />
      {step === "contact" ? <ContactStep data={data} /> : null}
      {step === "delivery" ? <DeliveryStep data={data} /> : null}
      {step === "trade-in" ? <TradeInStep data={data} /> : null}
      {step === "finance" ? <FinanceStep data={data} /> : null}
      {step === "deposit" ? <DepositStep data={data} /> : null}
      {step === "summary" ? <SummaryStep data={data} terms={props.terms} /> : null}
      <p>
        <BackToVehicle slug={data.car.slug} />
      </p>
    </section>
  );
}
