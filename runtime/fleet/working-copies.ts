/**
 * The studio's working copies and backups in the shared database (tables studio_working_copies
 * and studio_backups, migration 017), so every process of a fleet previews the same draft.
 *
 * A working copy is written by the studio on every accepted change and read by the preview host
 * (runtime/manifest/preview.ts), which answers synchronously while it resolves a request: each
 * process therefore keeps a mirror of its collection's working copies in memory, loaded at start
 * and updated by the change bus (a "working-copy" message per write). The writing process updates
 * its own mirror at once; the others within moments of the commit.
 *
 * A new dealer's draft made in the studio is a row of the same table, named by the draft's short
 * name alone (the studio's own working copies all begin "studio-"): every process lists, edits,
 * previews and puts live the same drafts, as it does working copies.
 */
import type { Db, Queryable } from "@/runtime/db";
import { listDrafts } from "@/runtime/manifest/diagnostics";
import { setWorkingCopySource, type WorkingCopyText } from "@/runtime/manifest/preview";
import { manifestCollection, manifestsDir } from "@/runtime/manifest/store";
import { announce, type FleetBus } from "./bus";

export type BackupKind = "dealer" | "draft" | "template";

export interface WorkingCopy {
  name: string;
  text: string;
  updatedBy: string | null;
  updatedAt: string;
}

interface Row {
  name: string;
  manifest: string;
  updated_by: string | null;
  updated_at: Date | string;
}

const toCopy = (r: Row): WorkingCopy => ({ name: r.name, text: r.manifest, updatedBy: r.updated_by, updatedAt: new Date(r.updated_at).toISOString() });

/** The working copies this process knows of, by collection then name. */
class Mirror {
  private copies = new Map<string, Map<string, WorkingCopy>>();

  set(collection: string, copy: WorkingCopy | null, name: string): void {
    const m = this.copies.get(collection) ?? new Map<string, WorkingCopy>();
    if (copy) m.set(name, copy);
    else m.delete(name);
    this.copies.set(collection, m);
  }

  replace(collection: string, copies: WorkingCopy[]): void {
    this.copies.set(collection, new Map(copies.map((c) => [c.name, c])));
  }

  get(collection: string, name: string): WorkingCopy | undefined {
    return this.copies.get(collection)?.get(name);
  }

  names(collection: string): string[] {
    return [...(this.copies.get(collection)?.keys() ?? [])];
  }
}

const KEY = Symbol.for("dealer-platform.working-copies");
/** On globalThis: the proxy, the pages and the route handlers are separate module instances in Next's output. */
const mirror = ((globalThis as { [KEY]?: Mirror })[KEY] ??= new Mirror());

/** What the preview reads: the mirror's text of a working copy, stamped by when it was written. */
export function mirroredWorkingCopy(collection: string, name: string): WorkingCopyText | null {
  const c = mirror.get(collection, name);
  return c ? { text: c.text, stamp: `${c.updatedAt}|${c.text.length}` } : null;
}

/** The studio's own working copies' names begin with this; a draft held in the table never does. */
export const STUDIO_COPY_PREFIX = "studio-";

/** The short names of the new dealers' drafts held in the database (this process's mirror), sorted. */
export function heldDraftNames(collection: string): string[] {
  return mirror
    .names(collection)
    .filter((n) => /^[a-z0-9-]+$/.test(n) && !n.startsWith(STUDIO_COPY_PREFIX))
    .sort();
}

/** A draft's text when the database holds it, else null (a draft file, or none). */
export function heldDraftText(collection: string, name: string): string | null {
  if (name.startsWith(STUDIO_COPY_PREFIX)) return null;
  return mirror.get(collection, name)?.text ?? null;
}

/** Every draft: the files in drafts/ (the command line's) and those the database holds (the studio's), sorted. */
export function allDrafts(dir = manifestsDir()): string[] {
  return [...new Set([...listDrafts(dir), ...heldDraftNames(manifestCollection(dir))])].sort();
}

export async function readWorkingCopy(q: Queryable, collection: string, name: string): Promise<WorkingCopy | null> {
  const [row] = await q.query<Row>("SELECT name, manifest, updated_by, updated_at FROM studio_working_copies WHERE collection = $1 AND name = $2", [
    collection,
    name,
  ]);
  return row ? toCopy(row) : null;
}

/** Writes a working copy (when its text changed) and tells every process; this one's mirror at once. */
export async function writeWorkingCopyRow(db: Db, collection: string, name: string, text: string, by: string | null = null): Promise<WorkingCopy> {
  const copy = await db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `INSERT INTO studio_working_copies (collection, name, manifest, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (collection, name) DO UPDATE SET manifest = EXCLUDED.manifest, updated_by = EXCLUDED.updated_by, updated_at = now()
         WHERE studio_working_copies.manifest IS DISTINCT FROM EXCLUDED.manifest
       RETURNING name, manifest, updated_by, updated_at`,
      [collection, name, text, by],
    );
    if (!row) return null; // unchanged
    await announce(tx, { type: "working-copy", collection, name });
    return toCopy(row);
  });
  const current = copy ?? (await readWorkingCopy(db, collection, name))!;
  mirror.set(collection, current, name);
  return current;
}

export async function deleteWorkingCopy(db: Db, collection: string, name: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("DELETE FROM studio_working_copies WHERE collection = $1 AND name = $2", [collection, name]);
    await announce(tx, { type: "working-copy", collection, name });
  });
  mirror.set(collection, null, name);
}

/** Loads the collection's working copies into this process's mirror. */
export async function reloadWorkingCopies(q: Queryable, collection: string): Promise<void> {
  const rows = await q.query<Row>("SELECT name, manifest, updated_by, updated_at FROM studio_working_copies WHERE collection = $1", [collection]);
  mirror.replace(collection, rows.map(toCopy));
}

/**
 * Keeps this process's mirror current (at start, from joinFleet): loads it, follows the bus, reloads
 * after a lost connection; and lets the preview host read it.
 */
export async function followWorkingCopies(db: Db, bus: FleetBus, collection: string): Promise<void> {
  setWorkingCopySource((name) => mirroredWorkingCopy(collection, name));
  await reloadWorkingCopies(db, collection);
  bus.on("working-copy", async (m) => {
    if (m.collection !== collection) return;
    mirror.set(collection, await readWorkingCopy(db, collection, m.name), m.name);
  });
  bus.onReconnected(() => reloadWorkingCopies(db, collection));
}

// ---- backups ----------------------------------------------------------------------------

export interface Backup {
  id: number;
  kind: BackupKind;
  name: string;
  text: string;
  savedBy: string | null;
  savedAt: string;
}

/** Keeps the text a save replaces; returns the backup's id. */
export async function keepBackup(
  q: Queryable,
  collection: string,
  kind: BackupKind,
  name: string,
  text: string,
  by: string | null = null,
  at = new Date(),
): Promise<number> {
  const [row] = await q.query<{ id: string | number }>(
    "INSERT INTO studio_backups (collection, kind, name, manifest, saved_by, saved_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    [collection, kind, name, text, by, at.toISOString()],
  );
  return Number(row.id);
}

/** A target's backups, newest first. */
export async function listBackups(q: Queryable, collection: string, kind: BackupKind, name: string, limit = 50): Promise<Backup[]> {
  const rows = await q.query<{ id: string | number; kind: BackupKind; name: string; manifest: string; saved_by: string | null; saved_at: Date | string }>(
    "SELECT id, kind, name, manifest, saved_by, saved_at FROM studio_backups WHERE collection = $1 AND kind = $2 AND name = $3 ORDER BY id DESC LIMIT $4",
    [collection, kind, name, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    name: r.name,
    text: r.manifest,
    savedBy: r.saved_by,
    savedAt: new Date(r.saved_at).toISOString(),
  }));
}
