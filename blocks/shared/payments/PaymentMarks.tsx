import type { ReactNode } from "react";
import { TEST_CARDS } from "@/runtime/payments/providers/test";
import styles from "./payments.module.css";

/**
 * The accepted payment marks: Mastercard, Visa, Maestro,
 * Google Pay, Apple Pay. Simple drawings of our own (no downloaded brand files): each is an image
 * with its name as the accessible text, and the list says what it is.
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

export function PaymentMarks() {
  return (
    <ul className={styles.marks} aria-label="Accepted payments">
      <Mark name="Mastercard">
        <circle cx="26" cy="20" r="11" fill="#eb001b" />
        <circle cx="38" cy="20" r="11" fill="#f79e1b" fillOpacity="0.9" />
      </Mark>
      <Mark name="Visa">
        <text x="32" y="26" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontStyle="italic" fontSize="17" fill="#1a1f71">
          VISA
        </text>
      </Mark>
      <Mark name="Maestro">
        <circle cx="26" cy="20" r="11" fill="#0099df" />
        <circle cx="38" cy="20" r="11" fill="#eb001b" fillOpacity="0.85" />
      </Mark>
      <Mark name="Google Pay">
        <text x="32" y="25" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="13" fill="#3c4043">
          G Pay
        </text>
      </Mark>
      <Mark name="Apple Pay">
        <text x="32" y="24" textAnchor="middle" fontFamily="Arial, sans-serif" fontWeight="700" fontSize="11" fill="#000000">
          Apple Pay
        </text>
      </Mark>
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
