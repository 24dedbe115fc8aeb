import { wordingDefaults } from "./generated/defaults";
import type { ResolvedVehicleNouns, ResolvedWording, Wording } from "./generated/types";

/**
 * A dealer's wording with every text present. A loaded manifest already has the schema's
 * defaults filled in; a manifest or wording built by hand (tests, a card outside a page) gets the
 * same words from the schema, never from a copy in code. The vehicle nouns merge one kind at a
 * time, so naming one kind keeps the others' words.
 */
export function resolvedWording(wording: Wording | undefined | null): ResolvedWording {
  return { ...wordingDefaults, ...wording, vehicleNouns: { ...wordingDefaults.vehicleNouns, ...wording?.vehicleNouns } };
}

/** A kind of vehicle's words, capitalised as a heading shows them ("Motorcycle", "Motorcycles"). */
export interface VehicleNoun {
  singular: string;
  plural: string;
}

type NounKey = keyof ResolvedVehicleNouns;

function nounFor(nouns: ResolvedVehicleNouns, kind: string): VehicleNoun | null {
  return Object.hasOwn(nouns, kind) && kind !== "mixed" ? nouns[kind as NounKey] : null;
}

/** The dealer's own word for what it sells (wording.vehicleType): its kind's nouns when it names one, else that word with an s. */
function dealerNoun(w: ResolvedWording): VehicleNoun {
  return nounFor(w.vehicleNouns, w.vehicleType.trim().toLowerCase()) ?? { singular: w.vehicleType, plural: `${w.vehicleType}s` };
}

/**
 * The noun for a set of vehicles, from their kinds (the stock's item_type): one kind's noun
 * ('Motorcycles'), the mixed noun for several kinds or a kind the wording does not name
 * ('Vehicles'), and the dealer's vehicleType when no vehicle's kind is known.
 */
export function vehicleNoun(wording: Wording | undefined | null, kinds: Iterable<string | null | undefined>): VehicleNoun {
  const w = resolvedWording(wording);
  const set = new Set<string>();
  for (const k of kinds) if (k) set.add(k.toLowerCase());
  if (set.size === 0) return dealerNoun(w);
  if (set.size > 1) return w.vehicleNouns.mixed;
  return nounFor(w.vehicleNouns, [...set][0]) ?? w.vehicleNouns.mixed;
}

/**
 * A count in a sentence: '1 motorcycle', '1,029 motorcycles', '0 caravans'. The digits are grouped
 * by hand rather than by toLocaleString, so the server and the browser print the same text.
 */
export function vehicleCount(n: number, noun: VehicleNoun): string {
  const digits = String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${digits} ${(n === 1 ? noun.singular : noun.plural).toLowerCase()}`;
}

/** A wording template with '{vehicleType}s' as the plural noun and any other '{vehicleType}' as the singular. */
export function withVehicleNoun(template: string, noun: VehicleNoun): string {
  return template.replace(/\{vehicleType\}s/g, noun.plural).replace(/\{vehicleType\}/g, noun.singular);
}
