import { apiRoute } from "@/runtime/http/api-route";
import { ACCOUNT_VERIFY_ROUTE } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(ACCOUNT_VERIFY_ROUTE);
