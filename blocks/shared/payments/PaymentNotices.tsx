import styles from "./payment-form.module.css";

/** Said above a payment form while the built-in test gateway takes the payments. */
export function TestModeNotice() {
  return (
    <p className={styles.testMode} data-testid="test-mode">
      <strong>Test mode.</strong> No real payment is taken: pay with one of the test card numbers below.
    </p>
  );
}

/** A rejected post's message, with a link to each field that failed (fields' ids are `${idPrefix}-${field}`). */
export function PaymentErrorSummary(p: { idPrefix: string; testId: string; message: string; fields: readonly { field: string; message: string }[] }) {
  return (
    <div className={styles.error} role="alert" data-testid={p.testId}>
      <p>{p.message}</p>
      {p.fields.length ? (
        <ul>
          {p.fields.map((f) => (
            <li key={f.field}>
              <a href={`#${p.idPrefix}-${f.field}`}>{f.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
