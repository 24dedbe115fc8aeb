import { plainPage } from "@/runtime/render/plain-page";
import { HTML, type Gate } from "./gate";

/**
 * A dealer that has never had a valid manifest is 'site unavailable' (503, try again in a minute)
 * while every other dealer keeps working.
 */
export const unavailable: Gate = ({ tenant }) =>
  tenant.kind === "unavailable"
    ? {
        kind: "answer",
        status: 503,
        body: plainPage("Site unavailable", "This website is temporarily unavailable. Please try again soon."),
        headers: { ...HTML, "retry-after": "60", "cache-control": "no-store" },
      }
    : null;
