import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DealerManifest } from "../../generated/types";
import { mergeManifest } from "../merge";
import { JsonSource, type ManifestProblem } from "../problems";
import { allStockCars } from "../stock-facts";
import { stockDirectory } from "../../stock/store";
import { postcodePlacesLookup } from "../postcode-places";
import { runGoLiveCheck } from "./run";
import type { GoLiveContext } from "./types";

export interface GoLiveFileOptions {
  manifestsDir: string;
  publicDir: string;
  /** Project root (schemas/, .data/stock, node_modules); default the working folder. */
  root?: string;
  /** A template's text in place of its file (the studio's edited template). */
  templateText?: (name: string) => string | undefined;
}

/** The templates a manifest extends, merged from the root template down, as written; null when it extends none. */
export function templateBase(first: unknown, options: Pick<GoLiveFileOptions, "manifestsDir" | "templateText">): Record<string, unknown> | null {
  const chain: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let name = first;
  while (typeof name === "string" && /^[a-z0-9-]+$/.test(name) && !seen.has(name)) {
    seen.add(name);
    const file = path.join(options.manifestsDir, "templates", `${name}.json`);
    const text =
      options.templateText?.(name) ?? (existsSync(/*turbopackIgnore: true*/ file) ? readFileSync(/*turbopackIgnore: true*/ file, "utf8") : undefined);
    if (text === undefined) break;
    const value = JSON.parse(text) as Record<string, unknown>;
    chain.push(value);
    name = value.extends;
  }
  return chain.reduceRight<Record<string, unknown> | null>((base, t) => (base ? mergeManifest(base, t) : t), null);
}

/**
 * The go-live check of one loaded manifest, located in its own file (a page inherited from a
 * template is reported at the nearest place in the dealer's file, where it is fixed). Each problem
 * is a warning to the manifest pipeline (it never stops a site being served) carrying its go-live
 * severity.
 */
export function goLiveProblems(file: string, text: string, manifest: DealerManifest, options: GoLiveFileOptions): ManifestProblem[] {
  const root = options.root ?? process.cwd();
  const rel = path.relative(process.cwd(), file) || file;
  const source = new JsonSource(rel, text);
  const written = source.value as Record<string, unknown>;
  const ctx: GoLiveContext = {
    manifest,
    written,
    template: templateBase(written.extends, options),
    file: path.resolve(file),
    schemaFile: path.join(root, "schemas", "manifest.schema.json"),
    publicDir: options.publicDir,
    fileExists: existsSync,
    postcodes: postcodePlacesLookup(root) ?? undefined,
    stockCars: allStockCars(stockDirectory(root)),
  };
  return runGoLiveCheck(ctx).map((p) => {
    const at = source.locate(p.pointer) ?? { line: 1, column: 1 };
    return {
      file: rel,
      line: at.line,
      column: at.column,
      pointer: p.pointer,
      message: p.message,
      hint: p.hint,
      source: p.rule,
      severity: "warning",
      goLive: p.severity,
    };
  });
}
