import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import { AU_STATES } from "../manifest/au-address";
import { TIME_ZONES, type AnswerError, type NewDealerAnswers } from "../manifest/new-dealer";
import { previewOrigin } from "../manifest/preview";
import { DEALER_KINDS } from "../manifest/scaffold";
import type { NewDealerFormState } from "./new-dealer";

interface FieldProps {
  id: keyof NewDealerAnswers;
  label: string;
  hint?: string;
  answers: NewDealerAnswers;
  errors: AnswerError[];
  type?: "text" | "email" | "tel";
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric";
}

const errorId = (id: string) => `${id}-error`;

function Problems({ id, errors }: { id: string; errors: AnswerError[] }): ReactNode {
  const mine = errors.filter((e) => e.field === id);
  return mine.length ? (
    <p className="studio-field-error" id={errorId(id)}>
      {mine.map((e) => e.message).join(" ")}
    </p>
  ) : null;
}

function described(id: string, hint: boolean, errors: AnswerError[]): string | undefined {
  const ids = [hint ? `${id}-hint` : "", errors.some((e) => e.field === id) ? errorId(id) : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A question's frame: its label, its hint and its problems, then the control, which names them (aria-describedby). */
function Question({
  id,
  label,
  hint,
  errors,
  required,
  children,
}: Pick<FieldProps, "id" | "label" | "hint" | "errors" | "required"> & { children: ReactNode }) {
  return (
    <div className="studio-new-field">
      <label htmlFor={id}>
        {label}
        {required ? " (needed)" : ""}
      </label>
      {hint ? (
        <p className="studio-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <Problems id={id} errors={errors} />
      {children}
    </div>
  );
}

function Field({ id, label, hint, answers, errors, type = "text", required, autoComplete, inputMode }: FieldProps): ReactNode {
  return (
    <Question id={id} label={label} hint={hint} errors={errors} required={required}>
      <input
        id={id}
        name={id}
        type={type}
        defaultValue={answers[id] ?? ""}
        required={required}
        autoComplete={autoComplete ?? "off"}
        inputMode={inputMode}
        aria-invalid={errors.some((e) => e.field === id) || undefined}
        aria-describedby={described(id, !!hint, errors)}
      />
    </Question>
  );
}

function Select({
  id,
  label,
  hint,
  answers,
  errors,
  options,
}: Omit<FieldProps, "type" | "required"> & { options: { value: string; label: string }[] }): ReactNode {
  return (
    <Question id={id} label={label} hint={hint} errors={errors}>
      <select
        id={id}
        name={id}
        defaultValue={answers[id] ?? ""}
        aria-invalid={errors.some((e) => e.field === id) || undefined}
        aria-describedby={described(id, !!hint, errors)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Question>
  );
}

const LABELS: Record<keyof NewDealerAnswers, string> = {
  name: "Trading name",
  slug: "Short name",
  domain: "Domain",
  kind: "Kind of site",
  brands: "Makes sold",
  address: "Address of the main yard",
  street: "Street",
  city: "Suburb or town",
  state: "State",
  postcode: "Postcode",
  phone: "Sales phone",
  email: "Email for enquiries",
  timeZone: "Time zone",
  dealershipId: "Dealership id in the stock feed",
  addressConfirmed: "The address is right as typed",
};

/** The problems first, each a link to its field (the GOV.UK error summary). */
function ErrorSummary({ errors }: { errors: AnswerError[] }): ReactNode {
  if (!errors.length) return null;
  return (
    <div className="studio-error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">The draft was not made: {errors.length === 1 ? "one answer needs" : `${errors.length} answers need`} a change</h2>
      <ul>
        {errors.map((e, i) => (
          <li key={i}>
            <a href={`#${e.field}`}>
              {LABELS[e.field]}: {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The address in parts, and the confirmation offered when the postcode list disagrees with it. */
function AddressParts({ answers, errors }: { answers: NewDealerAnswers; errors: AnswerError[] }): ReactNode {
  const common = { answers, errors };
  const addressDisputed = errors.some((e) => e.confirmable);
  return (
    <fieldset>
      <legend>Or the address in parts (these win over the line above)</legend>
      <Field id="street" label={LABELS.street} autoComplete="address-line1" {...common} />
      <Field id="city" label={LABELS.city} autoComplete="address-level2" {...common} />
      <Select
        id="state"
        label={LABELS.state}
        options={[{ value: "", label: "From the address line" }, ...AU_STATES.map((s) => ({ value: s, label: s.toUpperCase() }))]}
        {...common}
      />
      <Field id="postcode" label={LABELS.postcode} inputMode="numeric" autoComplete="postal-code" {...common} />
      {addressDisputed ? (
        <div className="studio-new-field">
          <input id="addressConfirmed" name="addressConfirmed" type="checkbox" value="yes" />{" "}
          <label htmlFor="addressConfirmed">{LABELS.addressConfirmed} (the postcode list can be behind)</label>
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * The studio's new-dealer form: the questions `npm run new-dealer` asks, posted as a plain form
 * (no script needed) to /studio/new/create, which makes the draft and opens it in the editor.
 * A refused post comes back here with the answers and each problem at its field, listed first.
 * `port` is the port this server was reached on: the preview address shown is this server's.
 */
export function NewDealerForm({ state, port }: { state: NewDealerFormState | null; port: string }): ReactNode {
  const answers = state?.answers ?? {};
  const errors = state?.errors ?? [];
  const common = { answers, errors };
  return (
    <main id="main" className="studio-index">
      <p>
        <Link href="/studio">Studio</Link>
      </p>
      <h1>New dealer</h1>
      <ErrorSummary errors={errors} />
      <p>
        The answers make a draft: a site nobody else sees until it is published. It opens in the editor next, where everything can be changed. Its preview is at{" "}
        <code>{previewOrigin("short-name", port)}/</code> on this server.
      </p>
      <form method="post" action="/studio/new/create" noValidate>
        <Field id="name" label={LABELS.name} hint="As shown on the site, for example Ballina Kia." required autoComplete="organization" {...common} />
        <Field
          id="slug"
          label={LABELS.slug}
          hint="Lower-case letters, digits and hyphens, used in addresses. Left empty, it is made from the name."
          {...common}
        />
        <Field
          id="domain"
          label={LABELS.domain}
          hint="For example ballinakia.com.au: the site answers on www. and the bare domain sends people there. Leave empty if not known yet."
          {...common}
        />
        <Select
          id="kind"
          label={LABELS.kind}
          options={Object.entries(DEALER_KINDS).map(([value, label]) => ({ value, label: label[0].toUpperCase() + label.slice(1) }))}
          {...common}
        />
        <Field id="brands" label={LABELS.brands} hint="Separated by commas, for example Kia, Hyundai." {...common} />
        <Field
          id="address"
          label={LABELS.address}
          hint="On one line, for example 12 River Street, Ballina NSW 2478. What cannot be read from it is left for you to fill in the editor."
          autoComplete="street-address"
          {...common}
        />
        <AddressParts answers={answers} errors={errors} />
        <Field id="phone" label={LABELS.phone} hint="For example 02 6686 1234." type="tel" required autoComplete="tel" {...common} />
        <Field
          id="email"
          label={LABELS.email}
          hint="Receives every enquiry from the site by email (its lead destination), and is shown on the site too. Add other addresses or a CRM later under Lead destinations and forms."
          type="email"
          required
          autoComplete="email"
          {...common}
        />
        <Select
          id="timeZone"
          label={LABELS.timeZone}
          hint="Opening hours and offers are read in it. Left to the state, NSW keeps Sydney time, QLD Brisbane time."
          options={[{ value: "", label: "From the state" }, ...TIME_ZONES.map((z) => ({ value: z, label: z.replace("Australia/", "").replace("_", " ") }))]}
          {...common}
        />
        <Field
          id="dealershipId"
          label={LABELS.dealershipId}
          hint="Leave empty if not known yet: a placeholder is used until the feed's id is set."
          inputMode="numeric"
          {...common}
        />
        <p>
          <button type="submit">Create the draft</button>
        </p>
      </form>
    </main>
  );
}
