import { apiRoute } from "@/runtime/http/api-route";
import { handleLeadGet } from "@/runtime/leads/admin";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Support read of one lead; off unless LEADS_ADMIN_SECRET is set (bearer token). */
export const GET = apiRoute({ name: "leads.get", limit: "lead-admin", stateChanging: false, handle: handleLeadGet });
