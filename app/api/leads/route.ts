import { apiRoute } from "@/runtime/http/api-route";
import { handleLeadCreate, MAX_BODY_BYTES } from "@/runtime/leads/api";

export const runtime = "nodejs";

export const POST = apiRoute<Record<string, unknown>>({
  name: "leads.create",
  limit: "leads",
  stateChanging: true,
  body: "json",
  maxBodyBytes: MAX_BODY_BYTES,
  handle: (ctx) => handleLeadCreate(ctx),
});
