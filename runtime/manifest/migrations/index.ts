/**
 * Numbered manifest migrations. Each entry upgrades a manifest from `from` to `from + 1`
 * and runs exactly once per manifest (the manifest's schemaVersion records where it is).
 * `npm run migrate-manifests -- --dry-run` prints the diff without writing.
 *
 * To change the format: bump CURRENT_SCHEMA_VERSION, add a migration here with its test,
 * and change the schema's `schemaVersion.const` to match.
 */
export interface ManifestMigration {
  from: number;
  description: string;
  migrate(manifest: Record<string, unknown>): Record<string, unknown>;
}

export const CURRENT_SCHEMA_VERSION = 1;

export const migrations: ManifestMigration[] = [
  // Version 1 is the first format; the first real migration will be { from: 1, ... }.
];

export interface MigrationResult {
  manifest: Record<string, unknown>;
  applied: string[];
  error?: string;
}

export function migrateManifest(input: Record<string, unknown>, list: ManifestMigration[] = migrations, target = CURRENT_SCHEMA_VERSION): MigrationResult {
  let version = input.schemaVersion;
  if (version === undefined) version = 1; // a manifest without a version is treated as the first format
  if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
    return { manifest: input, applied: [], error: `schemaVersion must be a positive integer, got ${JSON.stringify(version)}` };
  }
  if (version > target) {
    return { manifest: input, applied: [], error: `schemaVersion ${version} is newer than this runtime understands (${target}); deploy a newer runtime` };
  }
  let current = structuredClone(input);
  const applied: string[] = [];
  while ((version as number) < target) {
    const step = list.find((m) => m.from === version);
    if (!step) return { manifest: current, applied, error: `no migration from schemaVersion ${version}` };
    current = step.migrate(current);
    version = (version as number) + 1;
    current.schemaVersion = version;
    applied.push(`${step.from}→${step.from + 1}: ${step.description}`);
  }
  return { manifest: current, applied };
}
