/**
 * Collapses a provider's fee list into the four amounts the engine needs. The split between
 * credit fees and government fees matters only to the comparison rate: reg 100 of the NCCP
 * Regulations counts credit fees and charges but not government fees, charges or duties.
 */
import type { ProviderFees } from "./settings";

export interface FeeSchedule {
  /** Establishment, dealer agency and other credit fees charged once at settlement. */
  upfrontCredit: number;
  /** Government charges at settlement (security registration): in the loan or paid, but not in the comparison rate. */
  upfrontGovernment: number;
  /** Periodic credit fees as a monthly amount (e.g. the $8 monthly admin fee). */
  monthlyCredit: number;
  monthlyGovernment: number;
  /** Upfront fees added to the amount financed (true) or paid at settlement (false). */
  financed: boolean;
}

export const NO_FEES: FeeSchedule = { upfrontCredit: 0, upfrontGovernment: 0, monthlyCredit: 0, monthlyGovernment: 0, financed: true };

export function feeScheduleFor(fees: ProviderFees): FeeSchedule {
  const schedule: FeeSchedule = {
    upfrontCredit: fees.establishment + fees.dealerAgency,
    upfrontGovernment: fees.securityRegistration,
    monthlyCredit: fees.monthlyAdmin,
    monthlyGovernment: 0,
    financed: fees.financed,
  };
  for (const f of fees.other) {
    if (f.frequency === "upfront") {
      if (f.government) schedule.upfrontGovernment += f.amount;
      else schedule.upfrontCredit += f.amount;
    } else if (f.government) schedule.monthlyGovernment += f.amount;
    else schedule.monthlyCredit += f.amount;
  }
  return schedule;
}
