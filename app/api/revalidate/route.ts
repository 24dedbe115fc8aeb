import { apiRoute } from "@/runtime/http/api-route";
import { handleRevalidate, revalidateTarget } from "@/runtime/page-cache/revalidate";

// Called by the feed importer and publishing tools (a bearer secret), on any host.
export const POST = apiRoute({
  name: "revalidate",
  limit: "revalidate",
  stateChanging: true,
  anyHost: true,
  body: "text",
  check: revalidateTarget,
  handle: handleRevalidate,
});
