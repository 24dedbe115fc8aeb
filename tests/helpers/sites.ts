import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const SAMPLE_SLUGS = readdirSync(path.join(process.cwd(), "manifests"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));

export function sampleManifest(slug: string): any {
  return JSON.parse(readFileSync(path.join(process.cwd(), "manifests", `${slug}.json`), "utf8"));
}

function templateManifest(name: string): any {
  return JSON.parse(readFileSync(path.join(process.cwd(), "manifests", "templates", `${name}.json`), "utf8"));
}

/**
 * The section blocks of a sample dealer's vehicle page (/cars/[slug]), in the order its block tree
 * lists them, named as the page's `data-section` attributes name them without their "vdp-"
 * prefix ("features", "similar-cars"…). The route comes from the manifest, else from the
 * template it extends (a route's blocks replace the template's whole).
 */
export function vehicleSectionOrder(slug: string): string[] {
  let manifest = sampleManifest(slug);
  let route = manifest.routes?.["/cars/[slug]"];
  while (!route?.blocks && manifest.extends) {
    manifest = templateManifest(manifest.extends);
    route = manifest.routes?.["/cars/[slug]"];
  }
  const page = (route?.blocks ?? []).find((b: { type: string }) => b.type === "vehicle-page");
  return (page?.slots?.sections ?? []).map((s: { type: string }) => s.type.replace(/^vehicle-/, ""));
}
