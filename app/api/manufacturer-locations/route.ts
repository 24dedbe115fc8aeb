import { apiRoute } from "@/runtime/http/api-route";
import { LOCATIONS_ROUTE } from "@/runtime/leads/locations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute(LOCATIONS_ROUTE);
