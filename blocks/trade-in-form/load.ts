import { cookies } from "next/headers";
import type { ResolvedTradeInFormProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { getDb } from "@/runtime/db";
import { isValuationId, tradeInValuation } from "@/runtime/leads/trade-in";
import { publicValuation, readTradeInFormState, TRADE_IN_FORM_COOKIE, type PublicValuation, type TradeInFormState } from "@/runtime/leads/trade-in-api";

export interface TradeInFormData {
  /** The valuation the page was sent back to by the plain form (`?valuation=`), this dealer's only. */
  valuation: PublicValuation | null;
  /** A rego lookup's result, or refused details and their errors, from the plain form (read with its `tf` nonce). */
  state: TradeInFormState | null;
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** Where a plain form post (before JavaScript) left the shopper; nothing for a fresh visit (no database read then). */
export async function loadTradeInForm(_props: ResolvedTradeInFormProps, site: SiteContext): Promise<TradeInFormData> {
  const id = one(site.searchParams.valuation);
  const nonce = one(site.searchParams.tf);
  const valuation = isValuationId(id) ? await tradeInValuation(await getDb(), site.manifest.slug, id) : null;
  const state = nonce ? readTradeInFormState((await cookies()).get(TRADE_IN_FORM_COOKIE)?.value, nonce) : null;
  return { valuation: valuation && valuation.step !== "sent" ? publicValuation(valuation) : null, state };
}
