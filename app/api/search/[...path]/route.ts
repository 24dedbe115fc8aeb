import { handleSearchRoute } from "@/runtime/inventory/search-route";

// The embedded engine, speaking Algolia's REST protocol under /api/search.
export const POST = handleSearchRoute;
export const GET = handleSearchRoute;
export const OPTIONS = handleSearchRoute;
