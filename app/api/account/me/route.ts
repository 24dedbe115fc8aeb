import { apiRoute } from "@/runtime/http/api-route";
import { handleMe } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = apiRoute({ name: "account.me", limit: "account", stateChanging: false, handle: handleMe });
