/**
 * npm run migrate-manifests [-- --dry-run]: upgrades every manifest to the current
 * schemaVersion through the numbered migrations in runtime/manifest/migrations/.
 * --dry-run prints, per manifest, the migrations that would run and the changed top-level keys.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { listManifestFiles, manifestsDir } from "../runtime/manifest/store";
import { migrateManifest, CURRENT_SCHEMA_VERSION } from "../runtime/manifest/migrations";

const dryRun = process.argv.includes("--dry-run");
let failed = false;
for (const file of listManifestFiles(manifestsDir())) {
  const rel = path.relative(process.cwd(), file);
  const before = JSON.parse(readFileSync(file, "utf8"));
  const result = migrateManifest(before);
  if (result.error) {
    console.error(`FAIL  ${rel}: ${result.error}`);
    failed = true;
    continue;
  }
  if (result.applied.length === 0) {
    console.log(`ok    ${rel} is at schemaVersion ${CURRENT_SCHEMA_VERSION}`);
    continue;
  }
  const changed = Object.keys({ ...before, ...result.manifest }).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(result.manifest[k]));
  console.log(`${dryRun ? "would migrate" : "migrated"}  ${rel}\n  ${result.applied.join("\n  ")}\n  changed keys: ${changed.join(", ")}`);
  if (!dryRun) writeFileSync(file, JSON.stringify(result.manifest, null, 2) + "\n");
}
process.exit(failed ? 1 : 0);
