/**
 * Publishing from the studio: a dealer's edited text goes live as a new published version
 * (runtime/fleet/manifests.ts `publishVersions`, source "studio", published by the studio
 * session's subject, with an optional note), after exactly the validation `npm run validate` runs
 * and every go-live check; its history lists every version with who, when, from where and what
 * changed; any earlier version is restored in one step (`rollbackTo`).
 *
 * What the studio edits for a dealer: its file in the repository while the live version is that
 * file's, else the text the studio last published while that is what is live (either way
 * `extends` and the layout survive), else the live version's own text (published from the command
 * line or restored, templates merged in).
 */
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { applyEdits, modify, parse } from "jsonc-parser";
import type { Db } from "../db";
import { publishVersions, rollbackTo, versionById, versionHistory, type CheckContext, type PublishedVersion, type VersionSource } from "../fleet/manifests";
import { deleteWorkingCopy, keepBackup, readWorkingCopy } from "../fleet/working-copies";
import type { ClaimConflict } from "../manifest/claims";
import { manifestSchemaRef } from "../manifest/go-live/rules/schema-path";
import type { ManifestProblem } from "../manifest/problems";
import { getSiteStore, manifestCollection, manifestsDir, publicDir } from "../manifest/store";
import { diagnoseOffLoop, validateVersionOffLoop } from "./diagnose-off-loop";
import { workingCopyName } from "./targets";
import { checkValueOffLoop, isHeldDraft, readText, studioDraftFile, writeWorkingCopy } from "./working-copy";
import { describeVersionChanges } from "./version-diff";
import { listStaff } from "./staff";
import { placeOf, plainMessage } from "./messages";

export interface DealerSource {
  /** The dealer's key among the published versions (its file name without .json). */
  name: string;
  /** Where its file is or would be (problems are located in it). */
  file: string;
  text: string;
  /** The live version the text was read from, null when the dealer has none. */
  liveId: number | null;
}

/**
 * The text the studio last published for a dealer, kept beside its working copy (which every
 * accepted change overwrites): the next edit starts from it while it is what is live.
 */
export const publishedCopyName = (slug: string) => `studio--published-${slug}`;

const pretty = (text: string) => `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
const ctx = (dir: string): CheckContext => ({ manifestsDir: dir, publicDir: publicDir() });

/** The dealer's key among the published versions, from the store's record of its slug. */
export function dealerVersionName(slug: string): string | null {
  if (!/^[a-z0-9-]+$/.test(slug)) return null;
  const site = getSiteStore().bySlug.get(slug);
  return site ? path.basename(site.file, ".json") : null;
}

async function liveVersion(db: Db, collection: string, name: string): Promise<PublishedVersion | null> {
  const [newest] = await versionHistory(db, collection, name, 1);
  return newest && newest.text !== null ? newest : null;
}

/** The text the studio starts a dealer's edit from (see the top of this file); null for an unknown dealer. */
export async function dealerSource(db: Db, slug: string, dir = manifestsDir()): Promise<DealerSource | null> {
  const name = dealerVersionName(slug);
  if (!name) return null;
  const file = path.join(dir, `${name}.json`);
  const live = await liveVersion(db, manifestCollection(dir), name);
  const fileText = existsSync(/*turbopackIgnore: true*/ file) ? readText(file) : null;
  if (!live) return fileText === null ? null : { name, file, text: fileText, liveId: null };
  // The file, else the text the studio last published (both keep `extends`), when it is what is live.
  const copy = await readWorkingCopy(db, manifestCollection(dir), publishedCopyName(slug));
  for (const text of [fileText, copy?.text ?? null]) {
    if (text === null) continue;
    const checked = await validateVersionOffLoop(name, text, ctx(dir));
    if (checked.ok && checked.version.hash === live.hash) return { name, file, text, liveId: live.id };
  }
  return { name, file, text: pretty(live.text!), liveId: live.id };
}

export type PublishAnswer =
  | { status: "published"; id: number; text: string }
  | { status: "unchanged"; text: string; message: string }
  | { status: "changed"; message: string }
  | { status: "invalid"; errors: ManifestProblem[]; message: string }
  | { status: "refused"; errors: ManifestProblem[]; message: string };

/** A problem as the studio says it: its place in words and a sentence a member of staff can act on (messages.ts). */
const inWords = (p: ManifestProblem) => (p.pointer ? `${placeOf(p.pointer)}: ${plainMessage(p)}` : plainMessage(p));

const notPublished = (problems: ManifestProblem[]) =>
  `Not published: ${problems.length === 1 ? "one problem" : `${problems.length} problems`} to fix first. ${problems
    .slice(0, 3)
    .map(inWords)
    .join("; ")}${problems.length > 3 ? "; …" : ""}`;

/** The claims check's refusals (another live dealer holds a host, slug or dealership) as problems of `file`. */
const claimProblems = (conflicts: readonly ClaimConflict[], file: string): ManifestProblem[] =>
  conflicts.map((c) => ({ file, line: 1, column: 1, source: "claims", ...c }) as ManifestProblem);

export interface PublishRequest {
  slug: string;
  baseText: string;
  value: unknown;
  /** The live version the editor started from: someone else publishing since is a conflict. */
  liveId?: number | null;
  note?: string;
  by: string;
}

/** Publishes the studio's value of a dealer; null for an unknown dealer. */
export async function publishDealer(db: Db, r: PublishRequest, dir = manifestsDir()): Promise<PublishAnswer | null> {
  const name = dealerVersionName(r.slug);
  if (!name) return null;
  const collection = manifestCollection(dir);
  const file = path.join(dir, `${name}.json`);
  if (r.liveId !== undefined) {
    const live = await liveVersion(db, collection, name);
    if ((live?.id ?? null) !== r.liveId)
      return {
        status: "changed",
        message: `Someone published ${name} since you opened it (version ${live?.id ?? "none"} is live now). Reload the studio to edit what is live; your changes are not published.`,
      };
  }
  // The diagnosis and the version's own validation off the event loop (a worker thread).
  const checked = await checkValueOffLoop(file, r.baseText, r.value);
  if (!checked.ok) return { status: "invalid", errors: checked.errors, message: notPublished(checked.errors) };
  // The go-live check's blocking problems (no lead destination, no host, a domain without its www
  // or bare twin) keep an edit from going live, as they fail `npm run validate` for a live dealer.
  const blocking = checked.warnings.filter((p) => p.goLive === "blocking");
  if (blocking.length) return { status: "invalid", errors: blocking, message: notPublished(blocking) };
  const ready = await validateVersionOffLoop(name, checked.text, ctx(dir));
  if (!ready.ok) return { status: "invalid", errors: ready.problems, message: notPublished(ready.problems) };
  const note = r.note?.trim().slice(0, 500) || undefined;
  const [outcome] = await publishVersions(db, collection, [{ name, version: ready.version }], { source: "studio", by: r.by, ...(note ? { note } : {}) });
  await writeWorkingCopy(workingCopyName({ kind: "dealer", name: r.slug }), checked.text, dir, { db, by: r.by });
  if (outcome.status === "published" || outcome.status === "unchanged") await writeWorkingCopy(publishedCopyName(r.slug), checked.text, dir, { db, by: r.by });
  if (outcome.status === "published") return { status: "published", id: outcome.id, text: checked.text };
  if (outcome.status === "refused") {
    const errors = claimProblems(outcome.conflicts, path.relative(process.cwd(), file));
    return { status: "refused", errors, message: notPublished(errors) };
  }
  return { status: "unchanged", text: checked.text, message: "Nothing to publish: the live site already shows exactly this." };
}

const SOURCE_WORDS: Record<VersionSource, string> = {
  files: "the repository's file (a deploy)",
  cli: "the command line",
  studio: "the studio",
  rollback: "a rollback",
};

export interface HistoryEntry {
  id: number;
  source: VersionSource;
  sourceWords: string;
  publishedBy: string;
  publishedAt: string;
  note: string | null;
  restores: number | null;
  /** The version withdrew the dealer (its file left the repository). */
  withdrawn: boolean;
  /** The version live now. */
  live: boolean;
  /** What changed from the version before it, one line each. */
  changes: string[];
}

/** A dealer's versions, newest first, each with what changed from the one before; null for an unknown dealer. */
export async function dealerHistory(db: Db, slug: string, limit = 30, dir = manifestsDir()): Promise<HistoryEntry[] | null> {
  const name = dealerVersionName(slug);
  if (!name) return null;
  const versions = await versionHistory(db, manifestCollection(dir), name, limit + 1);
  // A staff account publishes under its id: the history names the person (removed ones too, as they were).
  const staff = new Map((await listStaff(db, { includeInactive: true })).map((a) => [a.id, `${a.name} (${a.email})`]));
  return versions.slice(0, limit).map((v, i) => ({
    id: v.id,
    source: v.source,
    sourceWords: SOURCE_WORDS[v.source],
    publishedBy: staff.get(v.publishedBy) ?? v.publishedBy,
    publishedAt: v.publishedAt,
    note: v.note,
    restores: v.restores,
    withdrawn: v.text === null,
    live: i === 0 && v.text !== null,
    changes: i + 1 < versions.length || versions.length <= limit ? describeVersionChanges(versions[i + 1]?.text ?? null, v.text) : [],
  }));
}

export type RollbackAnswer =
  | { status: "published"; id: number; text: string }
  | { status: "unchanged"; message: string }
  | { status: "missing"; message: string }
  | { status: "invalid" | "refused"; errors: ManifestProblem[]; message: string };

/** A draft's `$schema` (`../../schemas/…`, from manifests/drafts/) as a live dealer's file in manifests/ has it. */
function withLiveSchemaPath(text: string): string {
  const value = (parse(text) as { $schema?: unknown } | undefined)?.$schema;
  if (value !== manifestSchemaRef("manifests/drafts")) return text;
  return applyEdits(text, modify(text, ["$schema"], manifestSchemaRef("manifests"), { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
}

/** Publishes version `id` of the dealer again; null for an unknown dealer. */
export async function rollbackDealer(db: Db, slug: string, id: number, by: string, dir = manifestsDir()): Promise<RollbackAnswer | null> {
  const name = dealerVersionName(slug);
  if (!name) return null;
  const collection = manifestCollection(dir);
  const version = await versionById(db, collection, id);
  if (!version || version.name !== name || version.text === null) return { status: "missing", message: `There is no version ${id} of ${name} to restore.` };
  const outcome = await rollbackTo(db, collection, name, id, by, ctx(dir));
  if (outcome.status === "invalid")
    return {
      status: "invalid",
      errors: outcome.problems,
      message: `Version ${id} cannot go live again: ${notPublished(outcome.problems).slice("Not published: ".length)}`,
    };
  if (outcome.status === "refused") {
    const errors = claimProblems(outcome.conflicts, `${name}.json`);
    return { status: "refused", errors, message: `Version ${id} cannot go live again: ${errors.map((e) => e.message).join("; ")}` };
  }
  if (outcome.status !== "published") return { status: "unchanged", message: `Version ${id} is what is live already.` };
  const text = pretty(version.text);
  await writeWorkingCopy(workingCopyName({ kind: "dealer", name: slug }), text, dir, { db, by });
  await writeWorkingCopy(publishedCopyName(slug), text, dir, { db, by });
  return { status: "published", id: outcome.id, text };
}

export type DraftPublishAnswer =
  | { status: "published"; id: number; slug: string }
  | { status: "invalid"; errors: ManifestProblem[]; message: string }
  | { status: "refused"; errors: ManifestProblem[]; message: string };

/**
 * A new dealer's draft (manifests/drafts/{name}.json) put live from the studio: exactly the
 * validation `npm run validate` runs and the go-live check's blocking problems first, then a
 * published version under the draft's name (source "studio", by the signed-in person), which
 * every process serves at once (the change bus). The draft (its file, or its row in the shared
 * database) is kept as a backup there and removed: from now on the studio edits the dealer, and its history starts
 * here. Null for an unknown draft.
 */
export async function publishDraft(db: Db, name: string, by: string, dir = manifestsDir()): Promise<DraftPublishAnswer | null> {
  const file = studioDraftFile(name, dir);
  if (!file) return null;
  const held = isHeldDraft(file);
  const text = held ? (await readWorkingCopy(db, manifestCollection(dir), name))?.text : readText(file);
  if (text === undefined) return null;
  const d = await diagnoseOffLoop({ file, text, manifestsDir: dir, publicDir: publicDir() });
  if (!d.ok) return { status: "invalid", errors: d.errors, message: notPublished(d.errors) };
  const blocking = d.goLive.filter((p) => p.goLive === "blocking");
  if (blocking.length) return { status: "invalid", errors: blocking, message: notPublished(blocking) };
  // The dealer's text from now on: its $schema as seen from manifests/, where a live dealer's file would be.
  const liveText = withLiveSchemaPath(text);
  const ready = await validateVersionOffLoop(name, liveText, ctx(dir));
  if (!ready.ok) return { status: "invalid", errors: ready.problems, message: notPublished(ready.problems) };
  const collection = manifestCollection(dir);
  const [outcome] = await publishVersions(db, collection, [{ name, version: ready.version }], {
    source: "studio",
    by,
    note: "New dealer, put live from its draft",
  });
  if (outcome.status === "refused") {
    const errors = claimProblems(outcome.conflicts, path.relative(process.cwd(), file));
    return { status: "refused", errors, message: notPublished(errors) };
  }
  if (outcome.status !== "published")
    return { status: "invalid", errors: [], message: "Not published: a dealer of this name is already live with exactly this text." };
  await keepBackup(db, collection, "draft", name, text, by);
  if (held) await deleteWorkingCopy(db, collection, name);
  else rmSync(/*turbopackIgnore: true*/ file, { force: true });
  const slug = (JSON.parse(ready.version.text) as { slug: string }).slug;
  // The studio goes on editing the draft's own text, its template named (dealerSource), not the merged version: so
  // the template's later changes still reach the dealer and the go-live check still compares its pages with the
  // template's (a placeholder page left unchanged is still reported).
  await writeWorkingCopy(publishedCopyName(slug), liveText, dir, { db, by });
  await writeWorkingCopy(workingCopyName({ kind: "dealer", name: slug }), liveText, dir, { db, by });
  return { status: "published", id: outcome.id, slug };
}
