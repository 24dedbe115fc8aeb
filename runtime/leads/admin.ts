/**
 * GET /api/leads/{id}: a support read of one lead (used by the browser tests to find a submitted
 * lead in the database while the server holds the PGlite lock). Off unless LEADS_ADMIN_SECRET is
 * set; requires `Authorization: Bearer <LEADS_ADMIN_SECRET>` (constant-time comparison); answers
 * only a lead of the dealer whose host is asked. Nothing personal is logged.
 */
import "server-only";
import { timingSafeEqual, createHash } from "node:crypto";
import type { Db } from "../db/types";
import { apiError, json, type ApiContext, type SiteRouteSpec, type SiteTenant } from "../http/api-route";
import { deliveredLead, type LeadRow } from "./payload";
import type { Env } from "./settings";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function bearerMatches(header: string | null, secret: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? "");
  if (!m) return false;
  return timingSafeEqual(digest(m[1]), digest(secret));
}

export interface LeadGetDeps {
  db?: Db | (() => Promise<Db>);
  env?: Env;
}

export async function handleLeadGet(ctx: ApiContext<undefined, { id: string }, SiteTenant>, deps: LeadGetDeps = {}): Promise<Response> {
  const { tenant, params } = ctx;
  const id = params.id;
  const secret = (deps.env ?? process.env).LEADS_ADMIN_SECRET;
  if (!secret) return apiError(404, "Not found");
  if (!bearerMatches(ctx.request.headers.get("authorization"), secret)) return apiError(401, "Unauthorised");
  if (!UUID.test(id)) return apiError(404, "Not found");
  const db = typeof deps.db === "function" ? await deps.db() : (deps.db ?? (await (await import("../db/index")).getDb()));
  const [row] = await db.query<LeadRow>(`SELECT * FROM leads WHERE id = $1 AND dealer_slug = $2`, [id, tenant.slug]);
  if (!row) return apiError(404, "Not found");
  const deliveries = await db.query<{ destination: string; status: string; attempts: number }>(
    `SELECT destination, status, attempts FROM lead_deliveries WHERE lead_id = $1 ORDER BY id`,
    [id],
  );
  return json(200, { lead: deliveredLead(row, tenant.manifest), steps: row.steps, deliveries });
}

/** GET /api/leads/{id}: the support read, off unless LEADS_ADMIN_SECRET is set (a bearer token). */
export const leadGetSpec = (deps: LeadGetDeps = {}): SiteRouteSpec<undefined, { id: string }> => ({
  name: "leads.get",
  limit: "lead-admin",
  stateChanging: false,
  handle: (ctx) => handleLeadGet(ctx, deps),
});
