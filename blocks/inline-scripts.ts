import { PRE_HYDRATION_SCRIPT } from "./shared/search/form";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./site-header/pre-hydration";
import { BRAND_FONTS_SOURCE } from "@/runtime/http/after-paint-scripts.mjs";

/**
 * Every inline script a block or the dealer's document (the brand fonts' switch,
 * runtime/render/site-document.tsx) writes into a page, as the constant it renders. The production
 * server allows exactly these (and Next's own payload, and what its document pass writes) under
 * the Content-Security-Policy: instrumentation.ts registers them when the server starts
 * (runtime/http/server-bridge.mjs). A block that adds an inline script lists it here, or the
 * browser refuses to run it; JSON-LD (`type="application/ld+json"`) is data, never run, and is
 * not listed. blocks/inline-scripts.test.ts checks that every executable inline script in a
 * block's source is one of these.
 */
export const PLATFORM_INLINE_SCRIPTS: readonly string[] = [PRE_HYDRATION_SCRIPT, HEADER_PRE_HYDRATION_SCRIPT, BRAND_FONTS_SOURCE];
