import type { ReactNode } from "react";
import { TEST_CARDS } from "@/runtime/payments/providers/test";
import { PAYMENT_METHODS, type PaymentMethod } from "@/runtime/payments/types";
import styles from "./payments.module.css";

/**
 * The accepted payment marks (at most Mastercard, Visa, Maestro, Google Pay, Apple Pay): only the
 * ways of paying the dealer's provider actually takes, so no mark promises a wallet the page
 * cannot use. Simple drawings of our own (no downloaded brand files): each is an image with its
 * name as the accessible text, and the list says what it is.
 */
function Mark({ name, children }: { name: string; children: ReactNode }) {
  return (
    <li className={styles.mark}>
      <svg role="img" aria-label={name} viewBox="0 0 64 40" width="56" height="35">
        <title>{name}</title>
        <rect x="0.5" y="0.5" width="63" height="39" rx="5" fill="#ffffff" stroke="#8a8f98" />
        {children}
      </svg>
    </li>
  );
}

const MARKS: Record<PaymentMethod, ReactNode> = {
  mastercard: (
    <Mark key="mastercard" name="Mastercard">
      <circle cx="26" cy="20" r="11" fill="#eb001b" />
      <circle cx="38" cy="20" r="11" fill="#f79e1b" fillOpacity="0.9" />
    </Mark>
  ),
  visa: (
    <Mark key="visa" name="Visa">
      <text x="32" y="26" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontStyle="italic" fontSize="17" fill="#1a1f71">
        VISA
      </text>
    </Mark>
  ),
  maestro: (
    <Mark key="maestro" name="Maestro">
      <circle cx="26" cy="20" r="11" fill="#0099df" />
      <circle cx="38" cy="20" r="11" fill="#eb001b" fillOpacity="0.85" />
    </Mark>
  ),
  "google-pay": (
    <Mark key="google-pay" name="Google Pay">
      <text x="32" y="25" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="13" fill="#3c4043">
        G Pay
      </text>
    </Mark>
  ),
  "apple-pay": (
    <Mark key="apple-pay" name="Apple Pay">
      <text x="32" y="24" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="11" fill="#000000">
        Apple Pay
      </text>
    </Mark>
  ),
};

export function PaymentMarks({ methods }: { methods: readonly PaymentMethod[] }) {
  const shown = PAYMENT_METHODS.filter((m) => methods.includes(m));
  if (!shown.length) return null;
  return (
    <ul className={styles.marks} aria-label="Accepted payments">
      {shown.map((m) => MARKS[m])}
    </ul>
  );
}

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, "$1 ");

/** The built-in test gateway's documented card numbers (shown in test mode only). */
export function TestCardList() {
  return (
    <details className={styles.testCards} open>
      <summary>Test card numbers</summary>
      <p>Any future expiry date and any 3-digit security code.</p>
      <ul>
        {TEST_CARDS.map((c) => (
          <li key={c.number}>
            <code>{spaced(c.number)}</code>: {c.label}
          </li>
        ))}
      </ul>
    </details>
  );
}
