import type { GoLiveRule } from "../types";

/**
 * A dealer's enquiries must go somewhere the dealer reads: with no lead destination (an email
 * address or a CRM webhook), every enquiry reaches only the platform's fallback
 * (docs/deployment.md), never the dealer's own inbox or CRM.
 */
export const leadDestination: GoLiveRule = {
  id: "lead-destination",
  description: "The dealer names at least one lead destination (an email address or a webhook).",
  check({ manifest }) {
    if ((manifest.forms?.destinations ?? []).length > 0) return [];
    return [
      {
        pointer: "/forms/destinations",
        severity: "blocking",
        message:
          "Enquiries from this site reach no one at the dealer: no lead destination is set, so every enquiry would go to the platform's fallback inbox instead",
        hint: "in the studio's Lead destinations and forms section, add a destination of the kind Email with the address where the dealer wants enquiries (or, for a CRM, a Webhook with its URL and the name of the variable holding its secret)",
      },
    ];
  },
};
