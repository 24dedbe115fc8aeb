import type { GoLiveRule } from "../types";

/**
 * A dealer's enquiries must go somewhere the dealer reads: with no lead destination, every enquiry
 * reaches only the platform's fallback (docs/deployment.md), never the dealer's own CRM or inbox.
 */
export const leadDestination: GoLiveRule = {
  id: "lead-destination",
  description: "The dealer names at least one lead destination.",
  check({ manifest }) {
    if ((manifest.forms?.destinations ?? []).length > 0) return [];
    return [
      {
        pointer: "/forms/destinations",
        severity: "blocking",
        message:
          "Enquiries from this site reach no one at the dealer: no lead destination is set, so every enquiry would go to the platform's fallback inbox instead",
        hint: "add a destination under Lead destinations and forms in the studio: the address of the dealer's CRM (or lead email bridge) and the name of the variable holding its secret",
      },
    ];
  },
};
