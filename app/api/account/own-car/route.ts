import { apiRoute } from "@/runtime/http/api-route";
import { handleOwnCar } from "@/runtime/accounts/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute({ name: "account.own-car", limit: "account", stateChanging: true, body: "form", handle: handleOwnCar });
