/**
 * A payment purpose: what a payment is for (reserve a car, pay a balance, the journey's deposit).
 * Each supplies its amount, metadata, the check of its page's fields and what happens on capture
 * (flow.ts `Settlement`), and answers its page's steps in its page's own way (a 303 back with a
 * message, or JSON for a hosted card element). Purposes never ask which provider they hold: they
 * read its declared `cardEntry` and `testMode`.
 */
import type { Db } from "../db/types";
import type { Car, DealerManifest } from "../generated/types";
import type { ApiLogger, SiteTenant } from "../http/api-route";
import type { Env } from "./registry-types";
import type { PaymentProvider } from "./types";

/** What a purpose's step is given: the request as the API boundary read it. */
export interface StepContext {
  request: Request;
  tenant: SiteTenant;
  manifest: DealerManifest;
  /** A posted field (form or JSON), or "" when absent. */
  get: (name: string) => string;
  cookie: (name: string) => string | undefined;
  https: boolean;
  log: ApiLogger;
  db: () => Promise<Db>;
  /** The dealer's provider (tests hand in one on a mocked API). */
  provider: (db: Db) => PaymentProvider | null;
  env: Env;
  now: () => Date;
  /** Looks a car up by slug (tests hand in a fixture; by default the stock). */
  carOf?: (manifest: DealerManifest, slug: string) => Promise<Car | null>;
}

export interface PaymentPurpose {
  /** The metadata `kind` its hosted payments carry, so the one webhook finds the purpose. */
  readonly kind: string;
  /** The page's plain form post. */
  pay(ctx: StepContext): Promise<Response>;
  /** A hosted card element's start: JSON in, {clientSecret} out. */
  intent(ctx: StepContext): Promise<Response>;
  /** Where a hosted provider sends the browser back, with its payment's reference. */
  return(ctx: StepContext, ref: string | null): Promise<Response>;
  /** The webhook's part: finish a hosted payment whose shopper left (idempotent with `return`). */
  finish(
    deps: { db: Db; provider: PaymentProvider; manifest: DealerManifest; carOf?: (manifest: DealerManifest, slug: string) => Promise<Car | null> },
    ref: string,
  ): Promise<void>;
  /** The webhook's part when the provider says the payment failed: a pending payment is marked declined. */
  failed(deps: { db: Db; provider: PaymentProvider }, ref: string): Promise<void>;
}
