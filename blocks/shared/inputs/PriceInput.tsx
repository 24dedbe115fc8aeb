"use client";

import { AmountInput, type AmountInputProps } from "./AmountInput";
import { formatDollars } from "./number-format";

export type PriceInputProps = Omit<AmountInputProps, "prefix" | "suffix" | "formatPick">;

/** A dollar amount: "$" prefix, thousands separator, optional quick picks ($5,000 ... $70,000). */
export function PriceInput(props: PriceInputProps) {
  return <AmountInput quickPicksLabel="Quick price picks" {...props} prefix="$" formatPick={formatDollars} />;
}
