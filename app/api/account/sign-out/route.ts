import { apiRoute } from "@/runtime/http/api-route";
import { handleSignOut } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute({ name: "account.sign-out", limit: "account", stateChanging: true, handle: handleSignOut });
