import { apiRoute } from "@/runtime/http/api-route";
import { leadGetSpec } from "@/runtime/leads/admin";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(leadGetSpec());
