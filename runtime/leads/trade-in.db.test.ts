import { expect, it } from "vitest";
import { describeEachDb } from "../db/testing";
import { embeddedAdapter } from "./valuation";
import { acceptTradeInOffer, adjustTradeInValuation, lookupTradeInRego, startTradeInValuation, tradeInLeadFields, tradeInValuation } from "./trade-in";
import { apiRoute } from "../http/api-route";
import { createLimiters } from "../http/rate-limit";
import type { Tenant } from "../tenant";
import {
  readTradeInFormState,
  TRADE_IN_FORM_COOKIE,
  tradeInFormSpec,
  tradeInLeadSpec,
  tradeInValuationSpec,
  VALUATION_SENT_MESSAGE,
  type TradeInApiDeps,
} from "./trade-in-api";
import { sampleTenant, WEBHOOK_FORMS } from "./test-fixtures";

const NOW = new Date("2026-11-24T00:00:00Z");
const tenant = sampleTenant("sunshine-chery", WEBHOOK_FORMS);
const manifest = tenant.manifest;
// Comparables at $50,000 and $60,000 retail: 80% of the $55,000 median is $44,000 before answers.
const adapter = embeddedAdapter(manifest, { comparables: async () => [{ price: 50_000 }, { price: 60_000 }], now: () => NOW });
const TRADE1 = { rego: "trade 1", regoState: "qld" };
const CONTACT = { name: "Tess", last_name: "Trader", email: "tess@example.com", phone: "0412 345 678", postcode: "4000" };

let client = 0;
const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`http://sunshine-chery.localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.9.0.${++client % 250}`, ...headers },
    body: JSON.stringify(body),
  });
const form = (fields: Record<string, string>) =>
  new Request("http://sunshine-chery.localhost/api/valuation/form", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", "x-forwarded-for": `10.9.1.${++client % 250}` },
    body: new URLSearchParams(fields).toString(),
  });

const limiters = createLimiters({ env: { API_RATE_LIMIT_SCALE: "1000", LEADS_RATE_LIMIT: "100000" } });
type Deps = Parameters<typeof tradeInFormSpec>[0];
const seams = (t: Tenant) => ({ resolve: () => t, limiters: () => limiters });
// Each declared as its route file under app/api/valuation declares it.
const handleTradeInFormPost = (r: Request, t: Tenant, d: Deps) => apiRoute({ ...tradeInFormSpec(d), ...seams(t) })(r);
const handleTradeInLeadPost = (r: Request, t: Tenant, d: TradeInApiDeps) => apiRoute({ ...tradeInLeadSpec(d), ...seams(t) })(r);
const handleTradeInValuationPost = (r: Request, t: Tenant, d: TradeInApiDeps) => apiRoute({ ...tradeInValuationSpec(d), ...seams(t) })(r);

describeEachDb("trade-in valuation", (db) => {
  const deps = () => ({
    db: async () => db,
    now: () => NOW,
    lead: { db },
    valuation: { adapter, now: () => NOW },
    adapter,
  });

  it("rego lookup → car → adjustments → offer, kept on the server; the lead's trade-in fields come from it", async () => {
    const car = await lookupTradeInRego(manifest, TRADE1.rego, TRADE1.regoState, { adapter });
    expect(car).toEqual({ make: "Toyota", model: "Kluger", year: 2021, badge: "GXL" });
    const started = await startTradeInValuation(db, manifest, { ...car!, kms: "40000", ...TRADE1 }, { adapter, now: () => NOW });
    expect(started.ok).toBe(true);
    const v = started.ok ? started.valuation : null!;
    expect(v).toMatchObject({ step: "condition", rego: "TRADE1", regoState: "QLD", kms: 40000, result: null });
    const offered = (await adjustTradeInValuation(db, manifest, v.id, { accident: "Yes", serviceHistory: "Yes" }, { adapter }))!;
    // 10% off for an accident: $44,000 × 0.9.
    expect(offered.result).toMatchObject({ status: "offer", offer_price: 39_600 });
    expect(offered.step).toBe("offer");
    expect(tradeInLeadFields(offered, true)).toEqual({
      rego: "TRADE1",
      regoState: "QLD",
      "Vehicle Make": "Toyota",
      "Vehicle Model": "Kluger",
      "Vehicle Year": 2021,
      kms: 40000,
      adjustmentAnswers: { accident: "Yes", serviceHistory: "Yes" },
      offer_price: 39_600,
      offer_accepted: true,
    });
    // Another dealer's id finds nothing.
    expect(await tradeInValuation(db, "harbour-motor-group", v.id)).toBeNull();
  });

  it("OLD123 (over 7 years) and a car over 100,000 km get the guidance at once, and no offer", async () => {
    const old = (await lookupTradeInRego(manifest, "OLD123", "QLD", { adapter }))!;
    const a = await startTradeInValuation(db, manifest, { ...old, kms: 80_000 }, { adapter, now: () => NOW });
    expect(a.ok && a.valuation.result).toMatchObject({ status: "not-eligible", reason: "age" });
    expect(a.ok && a.valuation.step).toBe("offer");
    const b = await startTradeInValuation(db, manifest, { make: "Toyota", model: "Kluger", year: 2024, kms: 100_001 }, { adapter, now: () => NOW });
    expect(b.ok && b.valuation.result).toMatchObject({ status: "not-eligible", reason: "kms" });
    // Answering the questions changes nothing: there is no online estimate to give.
    const again = await adjustTradeInValuation(db, manifest, a.ok ? a.valuation.id : "", {}, { adapter });
    expect(again?.result?.status).toBe("not-eligible");
    expect(a.ok && tradeInLeadFields(a.valuation, true)).not.toHaveProperty("offer_price");
    const bad = await startTradeInValuation(db, manifest, { make: "", model: "X", year: "19", kms: -1 }, { adapter, now: () => NOW });
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(["Vehicle Make", "Vehicle Year", "kms"]);
  });

  it("the API: the offer travels from the server into the lead (a browser's offer_price is ignored), sent through the outbox, once", async () => {
    const d = deps();
    const start = await handleTradeInValuationPost(
      json("/api/valuation", { action: "vehicle", make: "Toyota", model: "Kluger", year: 2021, kms: 40000, ...TRADE1 }),
      tenant,
      d,
    );
    const { valuation } = (await start.json()) as { valuation: { id: string; step: string } };
    expect(valuation.step).toBe("condition");
    const adj = await handleTradeInValuationPost(
      json("/api/valuation", { action: "adjustments", id: valuation.id, adjustmentAnswers: { accident: "No" } }),
      tenant,
      d,
    );
    expect(((await adj.json()) as { valuation: { result: unknown } }).valuation.result).toEqual({
      status: "offer",
      offer_price: 44_000,
      range: { low: 41_800, high: 46_200 },
    });
    const res = await handleTradeInLeadPost(
      json(
        "/api/valuation/lead",
        { form: "trade-in", ...CONTACT, valuation_id: valuation.id, offer_accepted: true, offer_price: 99_999 },
        { "idempotency-key": "k-accept-1" },
      ),
      tenant,
      d,
    );
    expect(res.status).toBe(201);
    expect(res.headers.get("x-lead-id")).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await res.json()) as { lead_id: string; form_completed: boolean; offer_price: number; offer_accepted: boolean };
    expect(body).toMatchObject({ form_completed: true, offer_price: 44_000, offer_accepted: true });
    const [lead] = await db.query<{ category: string; payload: Record<string, unknown> }>("SELECT category, payload FROM leads WHERE id = $1", [body.lead_id]);
    expect(lead.category).toBe("Trade-In");
    expect(lead.payload).toMatchObject({
      offer_price: 44_000,
      offer_accepted: true,
      rego: "TRADE1",
      "Vehicle Model": "Kluger",
      adjustmentAnswers: { accident: "No" },
    });
    expect(await db.query("SELECT id FROM lead_deliveries WHERE lead_id = $1", [body.lead_id])).toHaveLength(1);
    expect(await tradeInValuation(db, "sunshine-chery", valuation.id)).toMatchObject({ step: "sent", offerAccepted: true, leadId: body.lead_id });
    // The same request again (its idempotency key) is a replay; a new lead for a sent valuation is refused.
    const replay = await handleTradeInLeadPost(
      json(
        "/api/valuation/lead",
        { form: "trade-in", ...CONTACT, valuation_id: valuation.id, offer_accepted: true, offer_price: 99_999 },
        { "idempotency-key": "k-accept-1" },
      ),
      tenant,
      d,
    );
    expect(((await replay.json()) as { lead_id: string }).lead_id).toBe(body.lead_id);
    const twice = await handleTradeInLeadPost(json("/api/valuation/lead", { form: "trade-in", ...CONTACT, valuation_id: valuation.id }), tenant, d);
    expect(twice.status).toBe(409);
    const otherKey = await handleTradeInLeadPost(
      json("/api/valuation/lead", { form: "trade-in", ...CONTACT, valuation_id: valuation.id }, { "idempotency-key": "k-accept-2" }),
      tenant,
      d,
    );
    expect(otherKey.status).toBe(409);
    expect(await db.query("SELECT id FROM leads WHERE payload->>'email' = $1", [CONTACT.email])).toHaveLength(1);
  });

  it("acceptTradeInOffer (the checkout journey's call): the lead must be this dealer's, from the same email and phone", async () => {
    const started = await startTradeInValuation(db, manifest, { make: "Toyota", model: "Kluger", year: 2021, kms: 30000 }, { adapter, now: () => NOW });
    const id = started.ok ? started.valuation.id : "";
    const v = (await adjustTradeInValuation(db, manifest, id, {}, { adapter }))!;
    const leadId = "0b7d5f0e-8a38-4f43-9a52-1f0e2d3c4b5a";
    await db.query(
      `INSERT INTO leads (id, dealer_slug, category, status, form_completed, payload) VALUES ($1, 'sunshine-chery', 'Reserve Online', 'Complete', true, $2::jsonb)`,
      [leadId, JSON.stringify({ ...CONTACT, ...tradeInLeadFields(v, true) })],
    );
    expect(await acceptTradeInOffer(db, manifest, { id, email: "other@example.com", phone: CONTACT.phone, lead_id: leadId })).toEqual({
      ok: false,
      reason: "lead-mismatch",
    });
    expect(await acceptTradeInOffer(db, manifest, { id, email: "TESS@example.com", phone: "0412345678", lead_id: leadId, form_completed: true })).toEqual({
      ok: true,
      offer_price: 44_000,
      lead_id: leadId,
      form_completed: true,
    });
    expect((await tradeInValuation(db, "sunshine-chery", id))?.offerAccepted).toBe(true);
  });

  it("the plain form (before JavaScript): lookup through a nonce'd cookie, then each step by ?valuation=, then the success page", async () => {
    const d = deps();
    const lookup = await handleTradeInFormPost(
      form({ step: "vehicle", intent: "lookup", rego: "TRADE1", regoState: "QLD", back: "/cars/trade-in" }),
      tenant,
      d,
    );
    expect(lookup.status).toBe(303);
    const loc = new URL(lookup.headers.get("location")!, "http://x");
    expect(loc.pathname).toBe("/cars/trade-in");
    const cookie = lookup.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${TRADE_IN_FORM_COOKIE}=`));
    for (const attribute of ["Path=/cars/trade-in", "Max-Age=600", "HttpOnly", "SameSite=Lax"]) expect(cookie).toContain(`; ${attribute}`);
    const state = readTradeInFormState(decodeURIComponent(cookie.split(";")[0].split("=")[1]), loc.searchParams.get("tf")!);
    expect(state?.lookup).toMatchObject({ vehicle: { make: "Toyota", model: "Kluger", year: 2021 } });
    expect(readTradeInFormState(decodeURIComponent(cookie.split(";")[0].split("=")[1]), "other")).toBeNull();

    const car = await handleTradeInFormPost(
      form({
        step: "vehicle",
        rego: "TRADE1",
        regoState: "QLD",
        "Vehicle Make": "Toyota",
        "Vehicle Model": "Kluger",
        "Vehicle Year": "2021",
        kms: "40,000",
        back: "/cars/trade-in",
      }),
      tenant,
      d,
    );
    const id = new URL(car.headers.get("location")!, "http://x").searchParams.get("valuation")!;
    expect((await tradeInValuation(db, "sunshine-chery", id))?.step).toBe("condition");
    await handleTradeInFormPost(form({ step: "condition", id, adj_accident: "No", back: "/cars/trade-in" }), tenant, d);
    expect((await tradeInValuation(db, "sunshine-chery", id))?.result).toMatchObject({ status: "offer", offer_price: 44_000 });
    // Refused details come back with their errors (and what was typed) in the cookie, not the URL.
    const refused = await handleTradeInFormPost(
      form({ step: "details", intent: "accept", id, name: "Tess", email: "nope", back: "/cars/trade-in" }),
      tenant,
      d,
    );
    const refusedAt = new URL(refused.headers.get("location")!, "http://x");
    expect(refusedAt.search).not.toContain("nope");
    const refusedState = readTradeInFormState(
      decodeURIComponent(refused.headers.get("set-cookie")!.split(";")[0].split("=")[1]),
      refusedAt.searchParams.get("tf")!,
    );
    expect(refusedState?.contact?.email).toBe("nope");
    expect(refusedState?.errors?.map((e) => e.field)).toContain("email");
    const sent = await handleTradeInFormPost(
      form({ step: "details", intent: "accept", id, ...CONTACT, back: "/cars/trade-in", success: "/success" }),
      tenant,
      d,
    );
    expect(sent.headers.get("location")).toBe("/success");
    expect(await tradeInValuation(db, "sunshine-chery", id)).toMatchObject({ step: "sent", offerAccepted: true });
    // A cross-site post is refused, and a foreign redirect target is not followed.
    const evil = await handleTradeInFormPost(
      new Request("http://sunshine-chery.localhost/api/valuation/form", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", "sec-fetch-site": "cross-site" },
        body: "step=vehicle",
      }),
      tenant,
      d,
    );
    expect(evil.status).toBe(403);
    const away = await handleTradeInFormPost(form({ step: "vehicle", intent: "lookup", back: "//evil.example/x" }), tenant, d);
    expect(away.headers.get("location")!.startsWith("/?tf=")).toBe(true);
  });

  it("a valuation caught by the honeypot answers a second post as a real one does: the same key replays, anything else is 409", async () => {
    const d = deps();
    const answers: Record<string, { status: number; replayId: boolean }[]> = {};
    for (const trap of [false, true]) {
      const start = await handleTradeInValuationPost(
        json("/api/valuation", { action: "vehicle", make: "Toyota", model: "Kluger", year: 2021, kms: 40000, ...TRADE1 }),
        tenant,
        d,
      );
      const { valuation } = (await start.json()) as { valuation: { id: string } };
      const lead = { form: "trade-in", ...CONTACT, email: `hp-${trap}@example.com`, valuation_id: valuation.id, ...(trap ? { company_url: "spam" } : {}) };
      // The trap's answers are remembered per process, across the database variants: keys of each.
      const key = `k-hp-${trap}-${db.kind}`;
      const first = await handleTradeInLeadPost(json("/api/valuation/lead", lead, { "idempotency-key": key }), tenant, d);
      const firstId = ((await first.json()) as { lead_id: string }).lead_id;
      const seen = [{ status: first.status, replayId: false }];
      for (const headers of [{ "idempotency-key": key }, {}, { "idempotency-key": `${key}-other` }] as Record<string, string>[]) {
        const again = await handleTradeInLeadPost(json("/api/valuation/lead", lead, headers), tenant, d);
        const body = (await again.json()) as { lead_id?: string };
        seen.push({ status: again.status, replayId: body.lead_id === firstId });
      }
      answers[trap ? "honeypot" : "real"] = seen;
    }
    expect(answers.real).toEqual([
      { status: 201, replayId: false },
      { status: 200, replayId: true },
      { status: 409, replayId: false },
      { status: 409, replayId: false },
    ]);
    expect(answers.honeypot).toEqual(answers.real);
    expect(await db.query("SELECT id FROM leads WHERE payload->>'email' = $1", ["hp-true@example.com"])).toHaveLength(0);
  });

  it("a sent valuation, and one the honeypot caught alike, refuses later changes with a 409 saying so and stays as it was", async () => {
    const d = deps();
    const seen: Record<string, unknown[]> = {};
    for (const trap of [false, true]) {
      const start = await handleTradeInValuationPost(
        json("/api/valuation", { action: "vehicle", make: "Toyota", model: "Kluger", year: 2021, kms: 40000, ...TRADE1 }),
        tenant,
        d,
      );
      const { valuation } = (await start.json()) as { valuation: { id: string } };
      const adjust = (answers: Record<string, string>) =>
        handleTradeInValuationPost(json("/api/valuation", { action: "adjustments", id: valuation.id, adjustmentAnswers: answers }), tenant, d);
      expect((await adjust({ accident: "No" })).status).toBe(200);
      const lead = { form: "trade-in", ...CONTACT, email: `sent-${trap}@example.com`, valuation_id: valuation.id, ...(trap ? { company_url: "spam" } : {}) };
      const sent = await handleTradeInLeadPost(json("/api/valuation/lead", lead, { "idempotency-key": `k-sent-${trap}-${db.kind}` }), tenant, d);
      expect(sent.status).toBe(201);
      const before = await tradeInValuation(db, tenant.slug, valuation.id);
      const later = await adjust({ accident: "Yes" });
      const answer = (await later.json()) as { message: string };
      // The plain form's condition step changes nothing either, and its details step goes to the success page.
      const formStep = await handleTradeInFormPost(form({ step: "condition", id: valuation.id, adj_accident: "Yes", back: "/trade-in" }), tenant, d);
      const details = await handleTradeInFormPost(form({ step: "details", id: valuation.id, ...CONTACT, back: "/trade-in", success: "/thanks" }), tenant, d);
      const after = await tradeInValuation(db, tenant.slug, valuation.id);
      expect(after?.result).toEqual(before?.result);
      expect(after?.adjustmentAnswers).toEqual(before?.adjustmentAnswers);
      seen[trap ? "honeypot" : "real"] = [later.status, answer.message, formStep.status, details.status, details.headers.get("location")];
    }
    expect(seen.real).toEqual([409, VALUATION_SENT_MESSAGE, 303, 303, "/thanks"]);
    expect(seen.honeypot).toEqual(seen.real);
  });
});
