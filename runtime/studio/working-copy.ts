/**
 * The studio's files (issue 19). A dealer's manifest is edited as its JSON text; while a person
 * edits, every valid state is written as a draft copy, `drafts/studio-{slug}.json`, and the
 * studio's preview frame shows that draft on its preview host (`studio-{slug}.preview.localhost`,
 * runtime/manifest/preview.ts): the real renderer, the real loaders, the diagnostics overlay,
 * nothing rendered twice. Saving writes the live file (after a backup) and the manifest store
 * picks it up as it does any edit.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, copyFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { diagnoseManifest } from "../manifest/diagnostics";
import type { ManifestProblem } from "../manifest/problems";
import { getSiteStore, manifestsDir, publicDir } from "../manifest/store";
import { applyValueToText } from "./text-edits";

/** Studio working copies are drafts with this prefix; `listDrafts` leaves them out (not someone's new dealer). */
export const STUDIO_DRAFT_PREFIX = "studio-";

export const studioDraftName = (slug: string) => `${STUDIO_DRAFT_PREFIX}${slug}`;

/** The live manifest file of a dealer in the store (valid or not), or null. */
export function dealerFile(slug: string, dir = manifestsDir()): string | null {
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  const site = getSiteStore().sites.find((s) => s.slug === slug);
  if (!site) return null;
  const file = path.join(dir, path.basename(site.file));
  return existsSync(/*turbopackIgnore: true*/ file) ? file : null;
}

export function readText(file: string): string {
  return readFileSync(/*turbopackIgnore: true*/ file, "utf8");
}

/** Written beside the target, then renamed over it: the store's watcher never reads half a file. */
function writeAtomic(file: string, text: string) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(/*turbopackIgnore: true*/ tmp, text);
  renameSync(/*turbopackIgnore: true*/ tmp, file);
}

export function writeStudioDraft(slug: string, text: string, dir = manifestsDir()) {
  const drafts = path.join(dir, "drafts");
  mkdirSync(/*turbopackIgnore: true*/ drafts, { recursive: true });
  const file = path.join(drafts, `${studioDraftName(slug)}.json`);
  if (existsSync(/*turbopackIgnore: true*/ file) && readText(file) === text) return;
  writeAtomic(file, text);
}

export interface CheckResult {
  ok: boolean;
  text: string;
  errors: ManifestProblem[];
  warnings: ManifestProblem[];
}

/** The file's text with the studio's value applied, and what the platform's pipeline says of it. */
export function checkValue(file: string, baseText: string, value: unknown): CheckResult {
  const text = applyValueToText(baseText, parse(baseText), value);
  const d = diagnoseManifest(file, { manifestsDir: manifestsDir(), publicDir: publicDir() }, text);
  return { ok: d.ok, text, errors: d.errors, warnings: d.warnings };
}

/** Where the previous versions go: .data/studio-backups/{file}.{timestamp}.json (STUDIO_BACKUP_DIR moves it). */
export function backupDir(): string {
  return process.env.STUDIO_BACKUP_DIR ? path.resolve(process.env.STUDIO_BACKUP_DIR) : path.join(process.cwd(), ".data", "studio-backups");
}

export type SaveResult = { status: "saved"; backup: string; text: string } | { status: "changed" } | { status: "invalid"; errors: ManifestProblem[] };

/**
 * Writes the studio's value into the dealer's file when the file is still the text the studio
 * started from (else "changed": someone else edited it) and the result is valid; the previous
 * text is kept as a backup first.
 */
export function saveValue(file: string, baseText: string, value: unknown, now = new Date()): SaveResult {
  const current = readText(file);
  if (current !== baseText) return { status: "changed" };
  const checked = checkValue(file, baseText, value);
  if (!checked.ok) return { status: "invalid", errors: checked.errors };
  const dir = backupDir();
  mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const backup = path.join(dir, `${path.basename(file, ".json")}.${stamp}.json`);
  copyFileSync(/*turbopackIgnore: true*/ file, backup);
  writeAtomic(file, checked.text);
  return { status: "saved", backup, text: checked.text };
}
