import { COMPARISON_RATE_WARNING } from "@/runtime/finance/comparison-rate";
import { FINANCE_DISCLAIMER_ID } from "./card-model";
import styles from "./vehicle-card.module.css";

/**
 * The note every 'Click for Finance Disclaimer' link on a card points at. Any list of cards that
 * shows finance renders it once (search pages, similar cars, a model's stock), so the anchor is
 * always on the page.
 */
export function FinanceDisclaimerNote({ className }: { className?: string }) {
  return (
    <p id={FINANCE_DISCLAIMER_ID} className={className ?? styles.disclaimerNote} tabIndex={-1}>
      *Weekly repayments are estimates from the finance provider&apos;s quote for each vehicle, over 5 years, subject to credit approval, fees and charges.{" "}
      {COMPARISON_RATE_WARNING}
    </p>
  );
}
