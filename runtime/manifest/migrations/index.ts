/**
 * Numbered manifest migrations. Each entry upgrades a manifest from `from` to `from + 1`
 * and runs exactly once per manifest (the manifest's schemaVersion records where it is).
 * `npm run migrate-manifests -- --dry-run` prints the diff without writing.
 *
 * To change the format: bump CURRENT_SCHEMA_VERSION, add a migration here with its test,
 * and change the schema's `schemaVersion.const` to match.
 */
import { mergeManifest } from "../merge";
import { migrateThemeFontsToKeys } from "./theme-fonts";
import { migrateVehiclePageToBlocks } from "./vehicle-page-blocks";
import { CASH_FINANCE_FLAG, dropFeatureFlag } from "./drop-flag";
import { migrateDropTypedComparisonRates } from "./typed-comparison-rates";

export interface ManifestMigration {
  from: number;
  description: string;
  migrate(manifest: Record<string, unknown>, context: MigrationContext): Record<string, unknown>;
}

/**
 * What a migration may need besides the manifest itself. A template and the manifests extending
 * it are migrated one file at a time, yet must mean together what they meant before.
 */
export interface MigrationContext {
  /**
   * The template chain the manifest extends, merged and already migrated to the current version
   * (templates are migrated first, from the root down); undefined for a manifest or template that
   * extends nothing.
   */
  base?: Record<string, unknown>;
}

export const CURRENT_SCHEMA_VERSION = 5;

export const migrations: ManifestMigration[] = [
  {
    from: 1,
    description:
      "vehicle page as a block tree: vehiclePage and the vehicle-page block's props become the route's vehicle-page layout block with its viewer, sidebar and section blocks",
    migrate: migrateVehiclePageToBlocks,
  },
  {
    from: 2,
    description: "brand fonts: each of theme.fonts.heading and theme.fonts.body becomes the vetted font closest to its CSS font stack",
    migrate: migrateThemeFontsToKeys,
  },
  {
    from: 3,
    description: "the cashFinancePriceDisplay feature flag, which nothing read, is removed (items placed with it keep showing where it was on)",
    migrate: dropFeatureFlag(CASH_FINANCE_FLAG),
  },
  {
    from: 4,
    description: "comparison rates computed, never typed: each finance provider's comparisonRate is removed",
    migrate: migrateDropTypedComparisonRates,
  },
];

export interface MigrationResult {
  manifest: Record<string, unknown>;
  applied: string[];
  error?: string;
}

export function migrateManifest(
  input: Record<string, unknown>,
  list: ManifestMigration[] = migrations,
  target = CURRENT_SCHEMA_VERSION,
  context: MigrationContext = {},
): MigrationResult {
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
    current = step.migrate(current, context);
    version = (version as number) + 1;
    current.schemaVersion = version;
    applied.push(`${step.from}→${step.from + 1}: ${step.description}`);
  }
  return { manifest: current, applied };
}

export interface TemplateChainResult {
  /** Each template's own result, in the order given (nearest template first). */
  results: MigrationResult[];
  /** The migrated templates merged (root first): the `base` of whatever extends the first. */
  base?: Record<string, unknown>;
  /** The first template (by index in the chain) that could not be migrated, and why. */
  error?: { index: number; message: string };
}

/**
 * Migrates a template chain (nearest template first, as `extends` leads from a manifest) from the
 * root down, each template against the migrated templates above it.
 */
export function migrateTemplateChain(
  chain: Record<string, unknown>[],
  list: ManifestMigration[] = migrations,
  target = CURRENT_SCHEMA_VERSION,
): TemplateChainResult {
  const results: MigrationResult[] = new Array(chain.length);
  let base: Record<string, unknown> | undefined;
  for (let i = chain.length - 1; i >= 0; i--) {
    const result = migrateManifest(chain[i], list, target, { base });
    results[i] = result;
    if (result.error) return { results, error: { index: i, message: result.error } };
    base = base ? mergeManifest<Record<string, unknown>>(base, result.manifest) : result.manifest;
  }
  return { results, base };
}
