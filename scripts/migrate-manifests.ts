/**
 * npm run migrate-manifests [-- --dry-run]: upgrades every template and manifest to the current
 * schemaVersion through the numbered migrations in runtime/manifest/migrations/. Templates are
 * migrated first, and each manifest against the migrated templates it extends, so a template and
 * its manifests mean together what they meant before. Prints, per file, the migrations that run
 * and a diff of the change; --dry-run prints the same and writes nothing.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { manifestsDir } from "../runtime/manifest/store";
import { migrationReport, planManifestMigrations } from "../runtime/manifest/migrations/files";

const dryRun = process.argv.includes("--dry-run");
const dir = manifestsDir();
const plans = planManifestMigrations(dir);
process.stdout.write(migrationReport(plans, { dryRun }));
const failed = plans.some((p) => p.error);
// All or nothing: a failure anywhere leaves every file as it was.
if (!dryRun && !failed) for (const p of plans) if (p.after !== undefined) writeFileSync(path.join(path.dirname(dir), p.file), p.after);
if (failed && !dryRun) console.error("Nothing was written: fix the files marked FAIL and run again.");
process.exit(failed ? 1 : 0);
