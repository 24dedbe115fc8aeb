import { pathToPointer } from "../problems";
import type { DealerManifest } from "../../generated/types";

export interface RuleProblem {
  pointer: string;
  message: string;
  hint?: string;
  /** "warning": reported, but the manifest is still served (stock and pictures change without an edit). */
  severity?: "warning";
}

/** The stock the site would show, boiled down to what the rules ask of it (runtime/manifest/stock-facts.ts). */
export interface StockFacts {
  /** Unsold cars per dealership id, for the site's own dealership ids (0 when it has none). */
  countByDealership: Map<number, number>;
  /** The site's unsold cars as slugs (runtime/slug.ts), for matching /search links. */
  cars: readonly { carType: string; make: string; model: string; dealership: string }[];
}

export interface RuleContext {
  /** The merged manifest (template applied, schema defaults filled in). */
  manifest: DealerManifest;
  /** Absolute path of public/, for asset checks. */
  publicDir: string;
  fileExists: (absPath: string) => boolean;
  /** The manifest as written (templates merged, before the schema filled in defaults): what the dealer left out. */
  given?: Record<string, unknown>;
  /** The stock at the site's dealerships; absent where no stock is at hand (then stock rules say nothing). */
  stock?: StockFacts | null;
  /** A picture's pixel size; absent where pictures are not read (the served store), null when unreadable. */
  imageSize?: (absPath: string) => { width: number; height: number } | null;
}

/** A semantic check beyond JSON Schema. One rule per file, each with its own test. */
export interface ManifestRule {
  id: string;
  description: string;
  check(ctx: RuleContext): RuleProblem[];
}

/** Calls `visit` for every value in a JSON tree with its JSON pointer. */
export function walkJson(
  value: unknown,
  visit: (value: unknown, pointer: string, key: string | number | null) => void,
  pointer = "",
  key: string | number | null = null,
): void {
  visit(value, pointer, key);
  if (Array.isArray(value)) value.forEach((v, i) => walkJson(v, visit, `${pointer}/${i}`, i));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walkJson(v, visit, pointer + pathToPointer([k]), k);
}
