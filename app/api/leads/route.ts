import { apiRoute } from "@/runtime/http/api-route";
import { leadCreateSpec } from "@/runtime/leads/api";

export const runtime = "nodejs";

export const POST = apiRoute(leadCreateSpec());
