import type { DealerManifest } from "../../generated/types";
import type { PostcodePlace } from "../au-address";

/**
 * How much a go-live problem matters: "blocking" stops a live dealer (npm run validate fails and
 * publishing waits until it is fixed); "warning" is shown and never stops anything.
 */
export type GoLiveSeverity = "blocking" | "warning";

/** One thing to fix before (or soon after) a dealer goes live, at the manifest path it concerns. */
export interface GoLiveProblem {
  /** JSON pointer into the manifest, e.g. /forms/destinations. */
  pointer: string;
  /** Plain words for onboarding staff: what is wrong. */
  message: string;
  /** What to do about it. */
  hint?: string;
  severity: GoLiveSeverity;
}

/** A go-live problem with the rule that found it. */
export interface GoLiveFinding extends GoLiveProblem {
  rule: string;
}

/** The little of a stock car the photo rule reads. */
export interface StockCarFacts {
  dealership_id?: number | string | null;
  photos_count?: number | null;
  status?: string | null;
  sold?: boolean | null;
}

/** Everything a go-live rule may read. Rules are pure: the caller gathers the files and data. */
export interface GoLiveContext {
  /** The loaded manifest: templates merged, schema defaults filled in. */
  manifest: DealerManifest;
  /** The manifest file's own JSON, as written (no template merged in). */
  written: Record<string, unknown>;
  /** The templates it extends, merged from the root template down (as written); null when it extends none. */
  template: Record<string, unknown> | null;
  /** Absolute path of the manifest file. */
  file: string;
  /** Absolute path of the composed schema (schemas/manifest.schema.json). */
  schemaFile: string;
  /** Absolute path of public/. */
  publicDir: string;
  fileExists: (absPath: string) => boolean;
  /** The suburbs of a postcode with their state (none for an unknown postcode); absent where the postcode data is not at hand (then the address rule says nothing). */
  postcodes?: (postcode: string) => readonly PostcodePlace[];
  /** Every stock car at hand (any dealer's; the rule picks the dealer's own); absent or null where there is no stock. */
  stockCars?: readonly StockCarFacts[] | null;
}

/** A go-live check: one per file in rules/, each with its own test. */
export interface GoLiveRule {
  id: string;
  description: string;
  check(ctx: GoLiveContext): GoLiveProblem[];
}
