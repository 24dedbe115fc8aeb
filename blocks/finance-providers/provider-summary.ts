/**
 * What a provider card shows, as data: the rate with its comparison rate (never one without the
 * other), the example payment for the regulatory benchmark ($30,000 over 5 years, weekly), and
 * the provider's fees in words. Pure, so the figures are tested without rendering.
 */
import type { FinanceProvider, FinanceSettings } from "@/runtime/finance/settings";
import { COMPARISON_BENCHMARK, calculatorDefaults } from "@/runtime/finance/defaults";
import { advertisedRate, providerComparisonRate, type AdvertisedRate } from "@/runtime/finance/comparison-rate";
import { feeScheduleFor } from "@/runtime/finance/fees";
import { repaymentFor } from "@/runtime/finance/repayment";
import { financeDisplay, type FinanceDisplay } from "@/runtime/finance/eligibility";
import { formatCurrency, formatCurrencyCents } from "@/runtime/finance/format";

export interface ProviderSummary {
  id: string;
  name: string;
  advertised: AdvertisedRate | null;
  /** Weekly repayment on the benchmark loan. */
  example: FinanceDisplay;
  exampleText: string;
  fees: string[];
  timing: string;
  disclaimer: string;
}

const money = (n: number) => (Number.isInteger(n) ? formatCurrency(n) : formatCurrencyCents(n));

export function feeLines(provider: FinanceProvider): string[] {
  const f = provider.fees;
  const lines: string[] = [];
  if (f.establishment > 0) lines.push(`Establishment fee ${money(f.establishment)}${f.financed ? "" : " (paid at settlement)"}`);
  if (f.securityRegistration > 0) lines.push(`Security registration ${money(f.securityRegistration)}`);
  if (f.monthlyAdmin > 0) lines.push(`Monthly account fee ${money(f.monthlyAdmin)}`);
  if (f.dealerAgency > 0) lines.push(`Dealer agency fee ${money(f.dealerAgency)}`);
  for (const o of f.other) if (o.amount > 0) lines.push(`${o.name} ${money(o.amount)}${o.frequency === "monthly" ? " per month" : ""}`);
  return lines;
}

export function providerSummary(settings: FinanceSettings, provider: FinanceProvider): ProviderSummary {
  // The calculator's starting rate for this provider, so the card and the calculator agree.
  const rate = calculatorDefaults(settings, { providerId: provider.id }).rate;
  const res = repaymentFor({
    price: COMPARISON_BENCHMARK.amount,
    annualRate: rate,
    termYears: COMPARISON_BENCHMARK.termYears,
    frequency: "weekly",
    fees: feeScheduleFor(provider.fees),
    timing: provider.paymentTiming,
    rounding: provider.rounding,
  });
  const example = financeDisplay(res.payment, res.totalRepayments);
  return {
    id: provider.id,
    name: provider.name,
    advertised: advertisedRate(rate, providerComparisonRate(provider, rate)),
    example,
    exampleText: `${formatCurrency(COMPARISON_BENCHMARK.amount)} over ${COMPARISON_BENCHMARK.termYears} years`,
    fees: feeLines(provider),
    timing: provider.paymentTiming === "advance" ? "Repayments in advance" : "Repayments in arrears",
    disclaimer: provider.disclaimer,
  };
}
