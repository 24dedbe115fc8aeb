import { getDb } from "@/runtime/db";
import { previewGuard } from "@/runtime/studio/preview-access";
import type { Decision, GateContext } from "./gate";

/**
 * The one check the proxy makes before its gates, and the only one that reads the database: a
 * draft's preview host answers only a studio editor of that draft (runtime/studio/preview-access.ts).
 * It runs first so nothing of a draft (its pages, its problems list, its pictures) is answered
 * without it; other hosts pass untouched and without a query.
 */
export async function previewGate({ request, host }: GateContext): Promise<Decision | null> {
  return previewGuard(host, new URL(request.url), request.headers, { db: getDb });
}
