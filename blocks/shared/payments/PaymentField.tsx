import styles from "./payment-form.module.css";

/** One required text field of a payment page's form (a plain form post: it works before JavaScript), with its error. */
export function PaymentField(p: {
  /** Prefix of the field's id, unique per page ("checkout", "payment"). */
  idPrefix: string;
  name: string;
  label: string;
  type?: string;
  autoComplete: string;
  value: string;
  error?: string;
  inputMode?: "numeric" | "tel" | "email" | "decimal";
  placeholder?: string;
}) {
  const id = `${p.idPrefix}-${p.name}`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {p.label}
      </label>
      <input
        className={styles.input}
        id={id}
        name={p.name}
        type={p.type ?? "text"}
        autoComplete={p.autoComplete}
        inputMode={p.inputMode}
        placeholder={p.placeholder}
        defaultValue={p.value}
        required
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-error` : undefined}
      />
      {p.error ? (
        <span className={styles.fieldError} id={`${id}-error`}>
          {p.error}
        </span>
      ) : null}
    </div>
  );
}
