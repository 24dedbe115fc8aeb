"use client";

import { AmountInput, type AmountInputProps } from "./AmountInput";
import { formatKms } from "./number-format";

export type KilometreInputProps = Omit<AmountInputProps, "prefix" | "suffix" | "formatPick">;

/** Kilometres: thousands separator, " kms" suffix, optional quick picks ("50,000 kms"). */
export function KilometreInput(props: KilometreInputProps) {
  return <AmountInput quickPicksLabel="Quick kilometre picks" {...props} suffix="kms" formatPick={formatKms} />;
}
