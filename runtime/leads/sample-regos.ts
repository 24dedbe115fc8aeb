/**
 * The embedded valuation's rego register: a few sample registrations built in, so the trade-in
 * form's rego lookup works on a fresh machine with no provider (a real register is a provider set
 * in forms.tradeIn: remoteUrl). They are made up and name cars the demo stock has comparables
 * for; OLD123 is over 7 years old, to show the no-online-estimate rule (as is any car the visitor
 * says has over 100,000 km).
 */
import type { VehicleIdentity } from "./valuation";

export interface SampleRegistration extends VehicleIdentity {
  rego: string;
  regoState: string;
}

export const SAMPLE_REGISTRATIONS: readonly SampleRegistration[] = [
  { rego: "TRADE1", regoState: "QLD", make: "Toyota", model: "Kluger", year: 2021, badge: "GXL" },
  { rego: "TRADE2", regoState: "QLD", make: "Mazda", model: "CX-60", year: 2022, badge: "G40e Evolve" },
  { rego: "TRADE3", regoState: "NSW", make: "Toyota", model: "Corolla Cross", year: 2022, badge: "GX" },
  { rego: "TRADE4", regoState: "VIC", make: "Hyundai", model: "Palisade", year: 2021, badge: "Highlander" },
  { rego: "TRADE5", regoState: "QLD", make: "Holden", model: "Colorado", year: 2020, badge: "LTZ" },
  { rego: "OLD123", regoState: "QLD", make: "Ford", model: "Falcon", year: 2016, badge: "XR6" },
];

/** A sample registration by rego (spaces and case ignored) and state, or null. */
export function sampleRegistration(rego: string, regoState: string): VehicleIdentity | null {
  const r = rego.replace(/\s+/g, "").toUpperCase();
  const s = regoState.trim().toUpperCase();
  const hit = SAMPLE_REGISTRATIONS.find((x) => x.rego === r && x.regoState === s);
  return hit ? { make: hit.make, model: hit.model, year: hit.year, ...(hit.badge ? { badge: hit.badge } : {}) } : null;
}
