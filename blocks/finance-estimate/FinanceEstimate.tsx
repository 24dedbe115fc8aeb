import type { ResolvedFinanceEstimateProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { calculatorDefaults } from "@/runtime/finance/defaults";
import { financeEstimate } from "@/runtime/finance/estimate";
import { advertisedRate, providerComparisonRate } from "@/runtime/finance/comparison-rate";
import { financeDisplay } from "@/runtime/finance/eligibility";
import { formatCurrencyCents } from "@/runtime/finance/format";
import { settingsForProvider, siteFinanceSettings } from "@/runtime/finance/site-finance";
import { DisclaimerDialog } from "@/blocks/shared/finance/client/DisclaimerDialog.lazy";
import "@/blocks/shared/finance/finance.module.css"; // linked with the page: the dialog is a client part
import styles from "./finance-estimate.module.css";

/**
 * The estimate panel: '5 year term, 10.0% deposit', the weekly repayment (amortised by the
 * engine) and a monthly figure of weekly × 4.33, the rate with its comparison rate and
 * warning, and a 'Finance disclaimer' dialog. The rate is the site calculator's starting rate,
 * so the estimate agrees with the calculator and the embedded quote. Nothing without a price.
 */
export function FinanceEstimate({ props, site }: BlockComponentProps<ResolvedFinanceEstimateProps>) {
  const all = siteFinanceSettings(site.manifest);
  if (!all) return null;
  const { settings, provider } = settingsForProvider(all, props.providerId);
  const rate = calculatorDefaults(settings).rate;
  const estimate = financeEstimate(props.price, provider, { rate });
  if (!estimate) return null;
  const display = financeDisplay(estimate.weekly);
  const advertised = advertisedRate(rate, providerComparisonRate(provider, rate));
  const headingId = "finance-estimate-heading";
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {props.heading}
      </h2>
      <p className={styles.basis}>{estimate.label}</p>
      {display.enquire ? (
        <p className={styles.amount}>{display.paymentText}</p>
      ) : (
        <>
          <p className={styles.amount}>
            {display.paymentText} <span className={styles.per}>per week</span>
          </p>
          <p className={styles.monthly}>
            About {formatCurrencyCents(estimate.monthly)} per month <span className={styles.per}>(weekly × 4.33)</span>
          </p>
        </>
      )}
      {advertised ? (
        <>
          <p className={styles.rate}>Interest rate {advertised.text}</p>
          <p className={styles.warning}>*{advertised.warning}</p>
        </>
      ) : null}
      <p className={styles.provider}>Finance by {provider.name}</p>
      <DisclaimerDialog buttonLabel="Finance disclaimer" title="Finance disclaimer">
        <p className={styles.dialogText}>{provider.disclaimer}</p>
        <p className={styles.dialogText}>{advertised?.warning}</p>
      </DisclaimerDialog>
    </section>
  );
}
