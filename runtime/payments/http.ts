/**
 * The payment routes on the API boundary (runtime/http/api-route.ts):
 *  POST /api/payments/{purpose}/{pay|intent}  a purpose's page posts (plain form or JSON fields)
 *  GET  /api/payments/{purpose}/return        where a hosted provider sends the browser back
 *  POST /api/payments/webhook                 every provider's webhooks; the provider verifies its own signature
 * The boundary does the tenancy, the same-origin check, the body and the cookies; the purpose its
 * page's answers. No route takes a point from a rate limit itself: a purpose counts payment
 * attempts in the steps that pay (flow.ts `paymentAttemptAllowed`), so its refusal is its page's
 * own (a 303 back with a message, or JSON for a hosted element), and the journey's other steps
 * count nothing. The webhook is authenticated by its signature, never limited or origin-checked.
 */
import "server-only";
import type { Db } from "../db/types";
import type { Car, DealerManifest } from "../generated/types";
import { apiError, json, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import type { StepContext } from "./purpose";
import { PURPOSES, purposeOfKind } from "./purposes";
import { fieldsOf } from "./purposes/contact";
import { providerFor, webhookSecretFor } from "./registry";
import type { Env } from "./registry-types";
import { isPaymentStep, isPurposeName } from "./routes";
import { WebhookUnreadable, type PaymentProvider, type WebhookEvent } from "./types";

export interface PaymentRouteDeps {
  db?: () => Promise<Db>;
  env?: Env;
  /** Test seams: a provider on a mocked API, the clock, the car lookup. */
  provider?: PaymentProvider;
  now?: () => Date;
  carOf?: (manifest: DealerManifest, slug: string) => Promise<Car | null>;
}

export type PaymentParams = { purpose: string; step: string };

const openDb = async (deps: PaymentRouteDeps): Promise<Db> => (deps.db ? deps.db() : (await import("../db/index")).getDb());

function stepContext(ctx: ApiContext<unknown, PaymentParams, SiteTenant>, deps: PaymentRouteDeps): StepContext {
  const env = deps.env ?? process.env;
  return {
    request: ctx.request,
    tenant: ctx.tenant,
    manifest: ctx.tenant.manifest,
    get: fieldsOf(ctx.body),
    cookie: ctx.cookie,
    https: ctx.https,
    log: ctx.log,
    db: () => openDb(deps),
    provider: (db) => deps.provider ?? providerFor(ctx.tenant.manifest, db, env),
    env,
    now: deps.now ?? (() => new Date()),
    carOf: deps.carOf,
  };
}

const notFound = () => apiError(404, "Not found");

/** Whether this provider's event has been processed here already. */
async function webhookEventSeen(db: Db, gateway: string, id: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM payment_webhook_events WHERE gateway = $1 AND event_id = $2", [gateway, id])).length > 0;
}

/** Records a processed event (a concurrent delivery of the same one records nothing more). */
async function recordWebhookEvent(db: Db, e: { gateway: string; id: string; dealer: string; action: string }): Promise<void> {
  await db.query(
    "INSERT INTO payment_webhook_events (gateway, event_id, dealer_slug, action) VALUES ($1, $2, $3, $4) ON CONFLICT (gateway, event_id) DO NOTHING",
    [e.gateway, e.id, e.dealer, e.action],
  );
}

/** POST /api/payments/{purpose}/{pay|intent}. */
export function handlePaymentStep(ctx: ApiContext<unknown, PaymentParams, SiteTenant>, deps: PaymentRouteDeps = {}): Promise<Response> | Response {
  const { purpose, step } = ctx.params;
  if (!isPurposeName(purpose) || !isPaymentStep(step) || step === "return") return notFound();
  const handler = PURPOSES[purpose];
  return step === "pay" ? handler.pay(stepContext(ctx, deps)) : handler.intent(stepContext(ctx, deps));
}

/** A provider's payment reference as it may appear in a URL (anything else is ignored, never looked up). */
const refShape = (v: string | null): string | null => (v && /^[A-Za-z0-9_]{1,200}$/.test(v) ? v : null);

/** GET /api/payments/{purpose}/return?{the provider's parameter}=…: where a hosted provider sends the browser after confirming. */
export async function handlePaymentReturn(ctx: ApiContext<undefined, PaymentParams, SiteTenant>, deps: PaymentRouteDeps = {}): Promise<Response> {
  const { purpose, step } = ctx.params;
  if (!isPurposeName(purpose) || step !== "return") return notFound();
  const step_ = stepContext(ctx, deps);
  const provider = step_.provider(await step_.db());
  const param = provider?.returnRefParam;
  const ref = param ? refShape(new URL(ctx.request.url).searchParams.get(param)) : null;
  return PURPOSES[purpose].return(step_, ref);
}

/** POST /api/payments/webhook: the dealer's provider verifies the raw body's signature and says what the event means. */
export async function handlePaymentWebhook(ctx: ApiContext<string, Record<string, never>, SiteTenant>, deps: PaymentRouteDeps = {}): Promise<Response> {
  const manifest = ctx.tenant.manifest;
  const env = deps.env ?? process.env;
  const secret = webhookSecretFor(manifest, env);
  const db = await openDb(deps);
  const provider = deps.provider ?? providerFor(manifest, db, env);
  if (!provider?.parseWebhook || !provider.webhookSignatureHeader || !secret) return notFound();
  let event: WebhookEvent;
  try {
    event = provider.parseWebhook(ctx.rawBody, ctx.request.headers.get(provider.webhookSignatureHeader) ?? "", secret);
  } catch (e) {
    if (e instanceof WebhookUnreadable) {
      ctx.log("webhook-unreadable", {}, "warn");
      return apiError(400, e.message, [{ field: "", message: e.message }]);
    }
    ctx.log("webhook-bad-signature", {}, "warn");
    return apiError(400, "Bad signature");
  }
  // One endpoint per dealer site: an event for another dealer's payment is acknowledged and left alone.
  if (!event.ref || event.action === "ignored" || event.metadata.dealer !== manifest.slug) return json(200, { received: true });
  // A provider redelivers an event until it is acknowledged (and may deliver one twice): one it
  // has processed is acknowledged the same way, with nothing done again.
  if (event.id && (await webhookEventSeen(db, provider.name, event.id))) {
    ctx.log("webhook-duplicate", { action: event.action, kind: event.metadata.kind ?? "-" });
    return json(200, { received: true });
  }
  const purpose = purposeOfKind(event.metadata.kind);
  if (event.action === "authorised") await purpose.finish({ db, provider, manifest, carOf: deps.carOf }, event.ref);
  else await purpose.failed({ db, provider }, event.ref);
  // Recorded once its effects are done: an event whose processing failed is processed again when redelivered.
  if (event.id) await recordWebhookEvent(db, { gateway: provider.name, id: event.id, dealer: manifest.slug, action: event.action });
  ctx.log("webhook", { action: event.action, kind: event.metadata.kind ?? "-" });
  return json(200, { received: true });
}

// The routes' declarations, which app/api/payments hands to `apiRoute` and tests run with their own
// dependencies. No rate limit on any: a purpose counts payment attempts in the steps that pay.

/** POST /api/payments/{purpose}/{pay|intent}: a purpose's page posts (a plain form, or JSON fields). */
export const paymentStepSpec = (deps: PaymentRouteDeps = {}): SiteRouteSpec<unknown, PaymentParams> => ({
  name: "payments.step",
  limit: null,
  stateChanging: true,
  body: "fields",
  handle: (ctx) => handlePaymentStep(ctx, deps),
});

/** GET /api/payments/{purpose}/return: a top-level navigation back from a hosted provider; nothing taken that it has not confirmed. */
export const paymentReturnSpec = (deps: PaymentRouteDeps = {}): SiteRouteSpec<undefined, PaymentParams> => ({
  name: "payments.return",
  limit: null,
  stateChanging: false,
  handle: (ctx) => handlePaymentReturn(ctx, deps),
});

/** POST /api/payments/webhook: sent by a provider's servers, authenticated by its signature (never by an origin or a limit) over the raw body. */
export const paymentWebhookSpec = (deps: PaymentRouteDeps = {}): SiteRouteSpec<string, Record<string, never>> => ({
  name: "payments.webhook",
  limit: null,
  stateChanging: false,
  body: "text",
  maxBodyBytes: 512 * 1024,
  handle: (ctx) => handlePaymentWebhook(ctx, deps),
});
