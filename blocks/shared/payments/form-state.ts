import type { PaymentPage } from "@/runtime/payments/registry";

/** A rejected post's message for one field, or undefined when that field passed. */
export function fieldErrorOf(error: { fields: readonly { field: string; message: string }[] } | null | undefined): (field: string) => string | undefined {
  return (field) => error?.fields.find((e) => e.field === field)?.message;
}

/** A provider in test mode that takes the card from our form: the page lists its test numbers. */
export function listsTestCards(payment: PaymentPage | null | undefined): boolean {
  return payment?.testMode === true && payment.cardEntry === "form";
}

/** The hosted card element's publishable key where the provider takes the card in its own element, else null (our card fields). */
export function hostedKey(payment: PaymentPage | null | undefined): string | null {
  return payment?.cardEntry === "hosted" ? payment.publishableKey : null;
}
