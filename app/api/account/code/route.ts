import { apiRoute } from "@/runtime/http/api-route";
import { handleRequestCode } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Beyond this limit the handler counts codes per client and per recipient itself (runtime/accounts/rate-limit.ts).
export const POST = apiRoute({ name: "account.code", limit: "account", stateChanging: true, body: "form", handle: handleRequestCode });
