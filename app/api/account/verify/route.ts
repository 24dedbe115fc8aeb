import { apiRoute } from "@/runtime/http/api-route";
import { handleVerifyCode } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Beyond this limit the handler counts answers per client itself (runtime/accounts/rate-limit.ts).
export const POST = apiRoute({ name: "account.verify", limit: "account", stateChanging: true, body: "form", handle: handleVerifyCode });
