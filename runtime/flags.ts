import type { DealerManifest } from "./generated/types";

export type FeatureFlag = keyof NonNullable<DealerManifest["features"]>;

/** Undeclared flags are off (the validator refuses references to undeclared flags anyway). */
export function isEnabled(manifest: Pick<DealerManifest, "features">, flag: string | undefined): boolean {
  if (!flag) return true;
  return (manifest.features as Record<string, boolean | undefined> | undefined)?.[flag] === true;
}

/** Drops items whose flag is off; used for blocks, menu items, buttons and tiles alike. */
export function withFlagsOn<T extends { flag?: string }>(manifest: Pick<DealerManifest, "features">, items: T[] | undefined): T[] {
  return (items ?? []).filter((item) => isEnabled(manifest, item.flag));
}
