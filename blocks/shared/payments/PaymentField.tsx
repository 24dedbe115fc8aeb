import styles from "./payment-form.module.css";

/** The message under a field that failed; `id` is the field's, so the control's aria-describedby can name `${id}-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span className={styles.fieldError} id={`${id}-error`}>
      {error}
    </span>
  ) : null;
}

/** One text field of a payment page's form (a plain form post: it works before JavaScript), with its hint and its error. */
export interface PaymentFieldProps {
  /** Prefix of the field's id, unique per page ("checkout", "payment", "journey"). */
  idPrefix: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  value: string;
  error?: string;
  inputMode?: "numeric" | "tel" | "email" | "decimal";
  placeholder?: string;
  maxLength?: number;
  /** A line under the label, such as the range a figure may take. */
  hint?: string;
  /** The payment pages ask for every field; a step that shows fields only for one choice leaves them optional. */
  optional?: boolean;
}

export function PaymentField(p: PaymentFieldProps) {
  const id = `${p.idPrefix}-${p.name}`;
  const describedBy = [p.hint ? `${id}-hint` : null, p.error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {p.label}
      </label>
      {p.hint ? (
        <span className={styles.hint} id={`${id}-hint`}>
          {p.hint}
        </span>
      ) : null}
      <input
        className={styles.input}
        id={id}
        name={p.name}
        type={p.type ?? "text"}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        maxLength={p.maxLength}
        placeholder={p.placeholder}
        defaultValue={p.value}
        required={!p.optional}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={id} error={p.error} />
    </div>
  );
}

/** One select of a payment page's form, with its error; `placeholder`: a first, empty choice ("Choose one"). */
export function PaymentSelect(p: {
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  error?: string;
  placeholder?: string;
  required?: boolean;
}) {
  const id = `${p.idPrefix}-${p.name}`;
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
        required={p.required}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
      >
        {p.placeholder !== undefined ? <option value="">{p.placeholder}</option> : null}
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

/**
 * The card fields the built-in test gateway reads from a plain form post, with the test numbers'
 * shape as placeholders. `cardNumberError`: the gateway's refusal of the number, where a page shows
 * it at the field (the checkout journey) rather than only in its summary.
 */
export function CardFields({ idPrefix, cardNumberError }: { idPrefix: string; cardNumberError?: string }) {
  return (
    <>
      <PaymentField
        idPrefix={idPrefix}
        name="card_number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value=""
        placeholder="4242 4242 4242 4242"
        error={cardNumberError}
      />
      <div className={styles.row}>
        <PaymentField idPrefix={idPrefix} name="card_expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" value="" placeholder="12/30" />
        <PaymentField idPrefix={idPrefix} name="card_cvc" label="Security code" inputMode="numeric" autoComplete="cc-csc" value="" placeholder="123" />
      </div>
    </>
  );
}
