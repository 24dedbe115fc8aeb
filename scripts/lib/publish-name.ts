import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "../../runtime/db";
import { publishVersions, validateVersion } from "../../runtime/fleet/manifests";

/**
 * Publishes a version of the repository's manifest `slug` with its name set to `name`, as
 * `npm run manifests -- publish` does: the fleet tests and bench:fleet watch for the name to show
 * on every process (the header and footer show it). Throws when the version does not validate or
 * is not published.
 */
export async function publishRenamed(db: Db, collection: string, slug: string, name: string, by: string): Promise<void> {
  const root = process.cwd();
  const manifest = JSON.parse(readFileSync(path.join(root, "manifests", `${slug}.json`), "utf8")) as { name: string };
  manifest.name = name;
  const checked = validateVersion(slug, JSON.stringify(manifest), { manifestsDir: path.join(root, "manifests"), publicDir: path.join(root, "public") });
  if (!checked.ok) throw new Error(`the renamed manifest does not validate: ${JSON.stringify(checked.problems)}`);
  const [outcome] = await publishVersions(db, collection, [{ name: slug, version: checked.version }], { source: "cli", by });
  if (outcome.status !== "published") throw new Error(`publish: ${outcome.status}`);
}
