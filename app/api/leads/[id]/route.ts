import { guardApi } from "@/runtime/http/api-guard";
import { currentRequest } from "@/runtime/request";
import { handleLeadGet } from "@/runtime/leads/admin";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Support read of one lead; off unless LEADS_ADMIN_SECRET is set (bearer token). */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { tenant } = await currentRequest();
  const refused = await guardApi(request, tenant, { limit: "lead-admin", stateChanging: false });
  if (refused) return refused;
  return handleLeadGet(request, tenant, (await params).id);
}
