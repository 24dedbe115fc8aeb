import type { BlockNode, DealerManifest } from "@/runtime/generated/types";
import { resolvePage } from "./resolve-page";

/**
 * Pages that paint before their scripts load (runtime/http/after-paint-scripts.mjs). A vehicle
 * page's first job is to be looked at: its main picture is the thing to show, and its parts below
 * the fold carry over anything done before they go live (hydrateLater). Pages whose first job is
 * input (search filters, the finance calculator, forms) keep the framework's scripts loading
 * from the head, so they come to life as early as possible.
 */
export const PAINT_FIRST_BLOCK_TYPES: ReadonlySet<string> = new Set(["vehicle-page"]);

export function paintsFirst(manifest: DealerManifest, pathname: string): boolean {
  const page = resolvePage(manifest, pathname);
  return Boolean(page?.route.blocks?.some((b) => PAINT_FIRST_BLOCK_TYPES.has((b as BlockNode).type)));
}
