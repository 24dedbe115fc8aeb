/**
 * The studio's texts. A dealer's manifest is edited as its JSON text; while a person edits, every
 * valid state is written as its working copy `studio-{slug}` in the shared database
 * (runtime/fleet/working-copies.ts), and the studio's preview frame shows it on its preview host
 * (`studio-{slug}.preview.localhost`, runtime/manifest/preview.ts), whatever process answers: the
 * real renderer, the real loaders, the diagnostics overlay, nothing rendered twice. A dealer's
 * edit goes live by publishing a version (publish.ts). Drafts and templates (targets.ts) are
 * edited the same way, each with its own working copy, and saved to their files after a backup
 * in the database; a template is checked through every dealer and draft that uses it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "jsonc-parser";
import { diagnoseManifest, draftFile, draftsDir, type ManifestDiagnostics } from "../manifest/diagnostics";
import type { ManifestProblem } from "../manifest/problems";
import { getSiteStore, manifestCollection, manifestsDir, publicDir } from "../manifest/store";
import { getDb, type Db } from "../db";
import { allDrafts, heldDraftText, keepBackup, readWorkingCopy, writeWorkingCopyRow, type BackupKind } from "../fleet/working-copies";
import { diagnoseOffLoop, standaloneOffLoop, type DiagnoseJob } from "./diagnose-off-loop";
import {
  newProblems,
  refusedTemplateMessage,
  resolveTarget,
  templateUsers,
  workingCopyName,
  type ManifestFile,
  type RefusedUser,
  type StudioKind,
  type StudioTarget,
  type TemplateUser,
} from "./targets";
import { applyValueToText } from "./text-edits";

/** Studio working copies are drafts with this prefix; `listDrafts` leaves them out (not someone's new dealer). */
export const STUDIO_DRAFT_PREFIX = "studio-";

export const studioDraftName = (slug: string) => `${STUDIO_DRAFT_PREFIX}${slug}`;

/** The live manifest file of a dealer in the store (valid or not), or null. */
export function dealerFile(slug: string, dir = manifestsDir()): string | null {
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  const site = getSiteStore().bySlug.get(slug);
  if (!site) return null;
  const file = path.join(dir, path.basename(site.file));
  return existsSync(/*turbopackIgnore: true*/ file) ? file : null;
}

/** Where a draft of this path is held in the database (its collection and name), when it is a draft's path. */
function heldDraftOf(file: string): { collection: string; name: string } | null {
  if (path.basename(path.dirname(file)) !== "drafts" || !file.endsWith(".json")) return null;
  return { collection: manifestCollection(path.dirname(path.dirname(file))), name: path.basename(file, ".json") };
}

/** A file's text; a draft the database holds is read from there (its path names where its file would be). */
export function readText(file: string): string {
  const held = heldDraftOf(file);
  const text = held && heldDraftText(held.collection, held.name);
  return text ?? readFileSync(/*turbopackIgnore: true*/ file, "utf8");
}

/** A draft's path: its file, or where its file would be when the database holds it; null when there is no such draft. */
export function studioDraftFile(name: string, dir = manifestsDir()): string | null {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  if (heldDraftText(manifestCollection(dir), name) !== null) return path.join(draftsDir(dir), `${name}.json`);
  return draftFile(dir, name);
}

/** Whether the database holds this draft (else it is a file, or nothing). */
export function isHeldDraft(file: string): boolean {
  const held = heldDraftOf(file);
  return held !== null && heldDraftText(held.collection, held.name) !== null;
}

/** Written beside the target, then renamed over it: the store's watcher never reads half a file. */
function writeAtomic(file: string, text: string) {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(/*turbopackIgnore: true*/ tmp, text);
  renameSync(/*turbopackIgnore: true*/ tmp, file);
}

/**
 * Keeps a new dealer's draft made in the studio in the shared database, where every process sees
 * it (the drafts list, the editor, the preview host, putting it live). Its path stays
 * drafts/{name}.json, for the diagnostics' relative paths ($schema, templates).
 */
export async function writeHeldDraft(name: string, text: string, dir = manifestsDir(), writer: StudioWriter = {}): Promise<string> {
  if (!/^[a-z0-9-]+$/.test(name) || name.startsWith(STUDIO_DRAFT_PREFIX)) throw new Error(`'${name}' is not a draft name`);
  await writeWorkingCopyRow(writer.db ?? (await getDb()), manifestCollection(dir), name, text, writer.by ?? null);
  return path.join(draftsDir(dir), `${name}.json`);
}

/**
 * Writes a new dealer's draft file, drafts/{name}.json: the draft the directory lists and the
 * studio opens at /studio/drafts/{name} (a working copy is the studio's own scratch text of a
 * file, kept in the database; a draft is a file like a dealer's, reviewed and published as one).
 */
export function writeDraftFile(name: string, text: string, dir = manifestsDir()): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`'${name}' is not a draft name`);
  const folder = draftsDir(dir);
  mkdirSync(/*turbopackIgnore: true*/ folder, { recursive: true });
  const file = path.join(folder, `${name}.json`);
  writeAtomic(file, text);
  return file;
}

/** Who writes, and to which database (tests give their own). */
export interface StudioWriter {
  db?: Db;
  /** The studio session's subject. */
  by?: string | null;
}

export function writeStudioDraft(slug: string, text: string, dir = manifestsDir(), writer: StudioWriter = {}): Promise<void> {
  return writeWorkingCopy(studioDraftName(slug), text, dir, writer);
}

/** Writes the working copy named `name` (targets.ts `workingCopyName`) of the folder's collection when its text changed. */
export async function writeWorkingCopy(name: string, text: string, dir = manifestsDir(), writer: StudioWriter = {}): Promise<void> {
  await writeWorkingCopyRow(writer.db ?? (await getDb()), manifestCollection(dir), name, text, writer.by ?? null);
}

/** The templates in manifests/templates/ (names without .json), sorted. */
export function listTemplateNames(dir = manifestsDir()): string[] {
  const folder = path.join(dir, "templates");
  if (!existsSync(/*turbopackIgnore: true*/ folder)) return [];
  return readdirSync(/*turbopackIgnore: true*/ folder)
    .filter((f) => /^[a-z0-9-]+\.json$/.test(f))
    .map((f) => f.slice(0, -5))
    .sort();
}

export function templateFile(name: string, dir = manifestsDir()): string | null {
  if (!/^[a-z0-9-]+$/.test(name)) return null;
  const file = path.join(dir, "templates", `${name}.json`);
  return existsSync(/*turbopackIgnore: true*/ file) ? file : null;
}

/** The target an address names and its file, or null (unknown kind, bad or unknown name). */
export function studioTargetFile(kind: StudioKind, name: string): { target: StudioTarget; file: string } | null {
  const dir = manifestsDir();
  const available = kind === "dealer" ? getSiteStore().sites.map((s) => s.slug) : kind === "draft" ? allDrafts(dir) : listTemplateNames(dir);
  const target = resolveTarget(kind, name, available);
  if (!target) return null;
  // A dealer published from the studio or the command line may have no file: its place is named all the same (publish.ts reads its text).
  const site = kind === "dealer" ? getSiteStore().bySlug.get(name) : undefined;
  const file =
    kind === "dealer"
      ? (dealerFile(name, dir) ?? (site ? path.join(dir, path.basename(site.file)) : null))
      : kind === "draft"
        ? studioDraftFile(name, dir)
        : templateFile(name, dir);
  return file ? { target, file } : null;
}

const readTemplate = (dir: string) => (name: string) => {
  const file = templateFile(name, dir);
  return file ? parse(readText(file)) : undefined;
};

/** Every live dealer and draft that extends the template (directly or through others), with its file. */
export function usersOfTemplate(name: string, dir = manifestsDir()): (TemplateUser & { file: string })[] {
  const files: (ManifestFile & { file: string })[] = [];
  for (const s of getSiteStore().sites) {
    const file = dealerFile(s.slug, dir);
    if (file) files.push({ kind: "dealer", name: s.slug, file, value: parse(readText(file)) });
  }
  for (const d of allDrafts(dir)) {
    const file = studioDraftFile(d, dir);
    if (file) files.push({ kind: "draft", name: d, file, value: parse(readText(file)) });
  }
  const byKey = new Map(files.map((f) => [`${f.kind}:${f.name}`, f.file]));
  return templateUsers(name, files, readTemplate(dir)).map((u) => ({ ...u, file: byKey.get(`${u.kind}:${u.name}`) ?? "" }));
}

export interface CheckResult {
  ok: boolean;
  text: string;
  errors: ManifestProblem[];
  warnings: ManifestProblem[];
  /** A template's refusal in words, each dealer named (targets.ts `refusedTemplateMessage`). */
  message?: string;
}

/**
 * The warnings a manifest's text gets where it is kept: one held in the database (a draft made in
 * the studio, a dealer put live from one) has no file for an editor to check against the schema,
 * and the studio has no field for `$schema`, so the schema-path warning is not shown for it.
 */
export function warningsWhereKept(file: string, warnings: ManifestProblem[]): ManifestProblem[] {
  const noFile = isHeldDraft(file) || !existsSync(/*turbopackIgnore: true*/ file);
  return noFile ? warnings.filter((w) => w.source !== "schema-path") : warnings;
}

/** The file's text with the studio's value applied, and what the platform's pipeline says of it. */
export function checkValue(file: string, baseText: string, value: unknown): CheckResult {
  const text = applyValueToText(baseText, parse(baseText), value);
  const d = diagnoseManifest(file, { manifestsDir: manifestsDir(), publicDir: publicDir() }, text);
  return { ok: d.ok, text, errors: d.errors, warnings: warningsWhereKept(file, [...d.warnings, ...d.goLive]) };
}

/** How a check has one manifest text diagnosed (diagnose-off-loop.ts: in a worker thread). */
export type Diagnose = (job: DiagnoseJob) => Promise<ManifestDiagnostics>;

/** checkValue with the diagnosis run off the event loop (`diagnose`, a worker thread by default). */
export async function checkValueOffLoop(file: string, baseText: string, value: unknown, diagnose: Diagnose = diagnoseOffLoop): Promise<CheckResult> {
  const text = applyValueToText(baseText, parse(baseText), value);
  const d = await diagnose({ file, text, manifestsDir: manifestsDir(), publicDir: publicDir() });
  return { ok: d.ok, text, errors: d.errors, warnings: warningsWhereKept(file, [...d.warnings, ...d.goLive]) };
}

/**
 * A template's text with the studio's value applied, checked the only way a template can be: every
 * dealer and draft that uses it is loaded with this text in place of the template's file, by the
 * platform's own diagnostics. A problem is reported with the dealer it is in (`dealer`). Only
 * problems the change brings count: a dealer or draft that was already invalid does not block
 * every edit of its template. Each diagnosis (tens of milliseconds) runs off the event loop
 * (`diagnose`, a worker thread by default), one at a time.
 */
export async function checkTemplate(
  name: string,
  baseText: string,
  value: unknown,
  diagnose: Diagnose = diagnoseOffLoop,
): Promise<CheckResult & { users: TemplateUser[] }> {
  const text = applyValueToText(baseText, parse(baseText), value);
  const dir = manifestsDir();
  const users = usersOfTemplate(name, dir);
  const refused: RefusedUser[] = [];
  const errors: (ManifestProblem & { dealer: string })[] = [];
  for (const u of users) {
    const own = readText(u.file);
    const job = { file: u.file, text: own, manifestsDir: dir, publicDir: publicDir() };
    const d = await diagnose({ ...job, template: { name, text } });
    if (d.ok) continue;
    // A user already broken before this change (a draft half-written) holds back only the problems this change adds.
    const before = await diagnose({ ...job, template: { name, text: baseText } });
    const added = newProblems(before.errors, d.errors);
    if (!added.length) continue;
    refused.push({ kind: u.kind, name: u.name, problems: added });
    errors.push(...added.map((e) => ({ ...e, dealer: u.name })));
  }
  const used = users.map(({ kind, name: n, via }) => ({ kind, name: n, via }));
  if (refused.length) return { ok: false, text, errors, warnings: [], message: refusedTemplateMessage(name, refused), users: used };
  return { ok: true, text, errors: [], warnings: [], users: used };
}

/**
 * The preview of a template: the first dealer (else draft) that uses it, merged with the edited
 * template into one self-contained manifest (load.ts `standalone`), written as the template's
 * working copy. Null when nothing uses it or that dealer does not load. The merge runs off the
 * event loop (`merge`, a worker thread by default).
 */
export async function writeTemplatePreview(
  name: string,
  text: string,
  dir = manifestsDir(),
  writer: StudioWriter = {},
  merge: typeof standaloneOffLoop = standaloneOffLoop,
): Promise<string | null> {
  const user = usersOfTemplate(name, dir)[0];
  if (!user) return null;
  const merged = await merge({ file: user.file, text: readText(user.file), manifestsDir: dir, publicDir: publicDir(), template: { name, text } });
  if (merged === null) return null;
  await writeWorkingCopy(workingCopyName({ kind: "template", name }), merged, dir, writer);
  return user.name;
}

/**
 * The check for a target's file: a template against its users, a dealer or draft on its own; each
 * diagnosis off the event loop (`diagnose`, a worker thread by default).
 */
export async function checkTarget(
  target: StudioTarget,
  file: string,
  baseText: string,
  value: unknown,
  diagnose: Diagnose = diagnoseOffLoop,
): Promise<CheckResult> {
  return target.kind === "template" ? checkTemplate(target.name, baseText, value, diagnose) : checkValueOffLoop(file, baseText, value, diagnose);
}

export type SaveResult =
  { status: "saved"; backup: string; text: string } | { status: "changed" } | { status: "invalid"; errors: ManifestProblem[]; message?: string };

/** What a file is to the studio's backups: a template, a new dealer's draft, or a dealer's file. */
function backupTarget(file: string): { kind: BackupKind; name: string } {
  const name = path.basename(file, ".json");
  const folder = path.basename(path.dirname(file));
  return { kind: folder === "templates" ? "template" : folder === "drafts" ? "draft" : "dealer", name };
}

/**
 * Writes the studio's value into the file (a template or a new dealer's draft) when the file is
 * still the text the studio started from (else "changed": someone else edited it) and the result
 * is valid; the previous text is kept first as a backup in the shared database ("backup {id}").
 */
export async function saveValue(
  file: string,
  baseText: string,
  value: unknown,
  now = new Date(),
  check: (file: string, baseText: string, value: unknown) => CheckResult | Promise<CheckResult> = checkValue,
  writer: StudioWriter = {},
): Promise<SaveResult> {
  const db = writer.db ?? (await getDb());
  const held = isHeldDraft(file) ? heldDraftOf(file) : null;
  // A held draft is compared with the database's own text: another process may have saved it a moment ago.
  const current = held ? ((await readWorkingCopy(db, held.collection, held.name))?.text ?? null) : readText(file);
  if (current !== baseText) return { status: "changed" };
  const checked = await check(file, baseText, value);
  if (!checked.ok) return { status: "invalid", errors: checked.errors, ...(checked.message ? { message: checked.message } : {}) };
  const { kind, name } = backupTarget(file);
  const id = await keepBackup(db, manifestCollection(path.dirname(kind === "dealer" ? file : path.dirname(file))), kind, name, current, writer.by ?? null, now);
  if (held) await writeWorkingCopyRow(db, held.collection, held.name, checked.text, writer.by ?? null);
  else writeAtomic(file, checked.text);
  return { status: "saved", backup: `backup ${id}`, text: checked.text };
}
