import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DealerManifest } from "../generated/types";
import { stockDirectory } from "../stock/store";
import { goLiveProblems } from "./go-live/check-file";
import { loadManifest } from "./load";
import { pictureSize } from "./picture-size";
import type { ManifestProblem } from "./problems";
import { stockFactsProvider } from "./stock-facts";

/** Everything known to be wrong with one manifest text, as data: for `npm run validate`, the preview overlay and editors. */
export interface ManifestDiagnostics {
  file: string;
  /** True when the manifest would be served (no errors; warnings allowed). */
  ok: boolean;
  errors: ManifestProblem[];
  warnings: ManifestProblem[];
  /** The go-live check (runtime/manifest/go-live/) when ok: never stops serving; `goLive` says which block going live. */
  goLive: ManifestProblem[];
  /** The loaded manifest (defaults filled) when ok. */
  manifest?: DealerManifest;
  slug?: string;
}

export interface DiagnoseOptions {
  /** Folder of the live manifests; its templates/ is where `extends` is looked up. */
  manifestsDir: string;
  publicDir: string;
  /** Project root holding .data/stock; the stock warnings are left out when it has no stock. */
  root?: string;
  /** A template's text in place of its file (load.ts `templateText`): the studio's edited template. */
  templateText?: (name: string) => string | undefined;
}

/**
 * The manifest pipeline (load.ts) with the checks that read more than the file: the stock at the
 * dealer's dealership ids and the pictures' sizes. The served store leaves those out (a thousand
 * dealers at start, and stock changes by the hour), so they are warnings and never stop a site.
 */
export function diagnoseManifest(file: string, options: DiagnoseOptions, text?: string): ManifestDiagnostics {
  const source = text ?? readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  const result = loadManifest(
    file,
    {
      manifestsDir: options.manifestsDir,
      publicDir: options.publicDir,
      stock: stockFactsProvider(stockDirectory(options.root)),
      imageSize: pictureSize,
      templateText: options.templateText,
    },
    source,
  );
  if (result.ok) {
    const goLive = goLiveProblems(file, source, result.manifest, options);
    return { file: result.file, ok: true, errors: [], warnings: result.warnings, goLive, manifest: result.manifest, slug: result.manifest.slug };
  }
  return { file: result.file, ok: false, errors: result.problems, warnings: result.warnings ?? [], goLive: [], slug: result.slug };
}

// ---- drafts -----------------------------------------------------------------------------

/**
 * Drafts: manifests that are not live yet. They sit in `drafts/` beside the live manifests, are
 * never served on a dealer's host (the store lists only the folder's own *.json files) and are
 * previewed on the directory host at /preview/{file name}/… . Publishing is moving the file up
 * into the live folder.
 */
export function draftsDir(manifestsDir: string): string {
  return path.join(manifestsDir, "drafts");
}

/** Draft file names without .json (the preview's key), sorted. The studio's working copies (`studio-*`, runtime/studio/working-copy.ts) are not listed. */
export function listDrafts(manifestsDir: string): string[] {
  const dir = draftsDir(manifestsDir);
  if (!existsSync(/*turbopackIgnore: true*/ dir)) return [];
  return readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => f.endsWith(".json") && /^[a-z0-9-]+\.json$/.test(f) && !f.startsWith("studio-"))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** The path of a draft by name, or null for a name that is not a plain slug (no path tricks) or has no file. */
export function draftFile(manifestsDir: string, name: string): string | null {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  const file = path.join(draftsDir(manifestsDir), `${name}.json`);
  return existsSync(/*turbopackIgnore: true*/ file) ? file : null;
}
