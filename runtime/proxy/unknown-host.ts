import { plainPage } from "@/runtime/render/plain-page";
import { HTML, type Gate } from "./gate";

/**
 * Tenant isolation: a host that picks no dealer (runtime/tenant.ts `resolveTenant`) is 'site not
 * found', whatever the path. It is never given another dealer's site or a default one.
 */
export const unknownHost: Gate = ({ tenant }) =>
  tenant.kind === "unknown"
    ? {
        kind: "answer",
        status: 404,
        body: plainPage("Site not found", "There is no dealer website at this address."),
        headers: { ...HTML, "cache-control": "no-store" },
      }
    : null;
