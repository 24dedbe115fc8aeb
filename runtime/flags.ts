import type { DealerManifest, FlagName } from "./generated/types";
import { featureFlags } from "./generated/feature-flags";

/**
 * A feature flag's name. The flags are listed once, as the properties of the manifest's
 * `features` (each with its description); the generator derives the schema's flag-name enum, this
 * type and `FEATURE_FLAGS` from that list.
 */
export type FeatureFlag = FlagName;

/** Every feature flag, in the schema's order. */
export const FEATURE_FLAGS: readonly FeatureFlag[] = featureFlags;

const known: ReadonlySet<string> = new Set(FEATURE_FLAGS);

export function isFeatureFlag(name: string): name is FeatureFlag {
  return known.has(name);
}

/** No flag means on; a flag is on only when it is a known flag declared true (the validator refuses references to undeclared flags anyway). */
export function isEnabled(manifest: Pick<DealerManifest, "features">, flag: string | undefined): boolean {
  if (!flag) return true;
  return isFeatureFlag(flag) && manifest.features?.[flag] === true;
}

/** Drops items whose flag is off; used for blocks, menu items, buttons and tiles alike. */
export function withFlagsOn<T extends { flag?: string }>(manifest: Pick<DealerManifest, "features">, items: T[] | undefined): T[] {
  return (items ?? []).filter((item) => isEnabled(manifest, item.flag));
}
