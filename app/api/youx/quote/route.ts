import { apiRoute } from "@/runtime/http/api-route";
import { quoteRouteSpec } from "@/runtime/finance-quotes/quote-route";

/** POST /api/youx/quote: the logic (and its tests) live in runtime/finance-quotes/quote-route.ts. */
export const POST = apiRoute(quoteRouteSpec());
