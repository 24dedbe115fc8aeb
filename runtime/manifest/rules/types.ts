import { pathToPointer } from "../problems";
import type { DealerManifest } from "../../generated/types";

export interface RuleProblem {
  pointer: string;
  message: string;
  hint?: string;
}

export interface RuleContext {
  /** The merged manifest (template applied, schema defaults filled in). */
  manifest: DealerManifest;
  /** Absolute path of public/, for asset checks. */
  publicDir: string;
  fileExists: (absPath: string) => boolean;
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
