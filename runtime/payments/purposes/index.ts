/**
 * The payment purposes, by the name in their URLs (routes.ts) and by the `kind` their hosted
 * payments carry (the webhook's dispatch). A new purpose is one file here plus its line below.
 */
import type { PurposeName } from "../routes";
import type { PaymentPurpose } from "../purpose";
import { journeyDepositPurpose } from "./journey-deposit";
import { onlinePaymentPurpose } from "./online-payment";
import { reservePurpose } from "./reserve";

export const PURPOSES: Readonly<Record<PurposeName, PaymentPurpose>> = {
  reserve: reservePurpose,
  "online-payment": onlinePaymentPurpose,
  "journey-deposit": journeyDepositPurpose,
};

/** The purpose a hosted payment's metadata names; a reservation deposit when it names none (payments started before kinds were recorded). */
export function purposeOfKind(kind: string | undefined): PaymentPurpose {
  return Object.values(PURPOSES).find((p) => p.kind === kind) ?? reservePurpose;
}
