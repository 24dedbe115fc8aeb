import { apiRoute } from "@/runtime/http/api-route";
import { MAX_QUOTE_BODY_BYTES, quoteRoute } from "@/runtime/finance-quotes/quote-route";

/** POST /api/youx/quote: the logic (and its tests) live in runtime/finance-quotes/quote-route.ts. */
export const POST = apiRoute({
  name: "youx.quote",
  limit: "quote",
  stateChanging: true,
  body: "json",
  maxBodyBytes: MAX_QUOTE_BODY_BYTES,
  handle: quoteRoute,
});
