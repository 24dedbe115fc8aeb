import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const SAMPLE_SLUGS = readdirSync(path.join(process.cwd(), "manifests"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));

export function sampleManifest(slug: string): any {
  return JSON.parse(readFileSync(path.join(process.cwd(), "manifests", `${slug}.json`), "utf8"));
}
