import { apiRoute } from "@/runtime/http/api-route";
import { handleSearchRoute, searchOptions } from "@/runtime/inventory/search-route";

// The embedded engine, speaking Algolia's REST protocol under /api/search. A search POST only
// reads, but the same-origin check applies to it as to every POST.
export const POST = apiRoute({ name: "search", limit: "search", stateChanging: true, body: "text", handle: handleSearchRoute });
export const GET = apiRoute({ name: "search", limit: "search", stateChanging: false, handle: handleSearchRoute });
export const OPTIONS = apiRoute({ name: "search.options", limit: null, stateChanging: false, anyHost: true, handle: searchOptions });
