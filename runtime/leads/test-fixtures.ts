/** Shared fixtures for the leads tests: sample dealer tenants (from manifests/) with forms settings. */

// Quiet test output (the log lines themselves are covered by log.ts's rule: ids and slugs only).
process.env.LEADS_LOG ??= "off";
import path from "node:path";
import { buildSiteStore, type SiteStore } from "../manifest/store";
import type { DealerManifest } from "../generated/types";
import type { Tenant } from "../tenant";
import { createLimiters, type Limiters } from "../http/rate-limit";
import { leadCreateSpec, type LeadApiDeps } from "./api";
import { apiRoute } from "../http/api-route";

let store: SiteStore | null = null;

export function sampleStore(): SiteStore {
  store ??= buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
  return store;
}

export type SiteTenant = Extract<Tenant, { kind: "site" }>;

/** The sample dealer as a site tenant, with `forms` replaced by the given settings. */
export function sampleTenant(slug: string, forms?: Record<string, unknown>): SiteTenant {
  const site = sampleStore().bySlug.get(slug);
  if (!site || site.status !== "ok") throw new Error(`sample manifest ${slug} does not load`);
  const manifest = structuredClone(site.manifest) as DealerManifest & { forms?: unknown };
  if (forms) manifest.forms = forms;
  return { kind: "site", slug, manifest };
}

export const WEBHOOK_FORMS = {
  destinations: [{ id: "crm", url: "${LEADS_TEST_WEBHOOK_URL:-http://127.0.0.1:9/leads}", secretEnv: "LEADS_TEST_SECRET", format: "json" }],
};

/** A complete, valid enquiry for the given sample dealer. */
export function validEnquiry(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form: "enquiry",
    name: "Jane",
    last_name: "Citizen",
    email: "jane@example.com.au",
    phone: "0412 345 678",
    postcode: "4127",
    message: "Is the car still available?",
    category: "General Enquiry",
    ...extra,
  };
}

export function postRequest(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request("http://dealer.localhost/api/leads", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.7", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** POST /api/leads through its route, the API boundary included, as this tenant (limits from `limiters`, or generous in-memory ones). */
export async function postLead(request: Request, tenant: Tenant, deps: LeadApiDeps & { limiters?: Limiters } = {}): Promise<Response> {
  const limiters = deps.limiters ?? createLimiters({ env: { LEADS_RATE_LIMIT: "100000" } });
  return apiRoute({ ...leadCreateSpec(deps), resolve: () => tenant, limiters: () => limiters })(request);
}
