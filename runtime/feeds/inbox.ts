/**
 * A dealer's inbox file: the export its DMS drops into `.data/inbox/<slug>/` on a server, or the
 * export staff last imported in the studio under that name, kept in the database (`feed_inbox`) so
 * every server process (and the nightly run) reads it. The newer of the two is the feed's file, so
 * an upload imported by hand is carried on by the schedule until the DMS sends a newer file.
 */
import fs from "node:fs";
import path from "node:path";
import type { Queryable } from "../db/types";
import { FeedFileError } from "./read";

export interface InboxFile {
  bytes: Uint8Array;
  /** Where it came from, in the run's history: the folder's file, or the studio's import. */
  source: string;
  at: Date;
}

/** Keeps an export staff imported in the studio as the dealer's inbox file (replacing the last). */
export async function keepInboxFile(db: Queryable, dealer: string, fileName: string, bytes: Uint8Array, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO feed_inbox (dealer_slug, file_name, bytes, stored_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (dealer_slug) DO UPDATE SET file_name = EXCLUDED.file_name, bytes = EXCLUDED.bytes, stored_at = EXCLUDED.stored_at`,
    [dealer, fileName, bytes, at],
  );
}

async function storedInboxFile(db: Queryable, dealer: string, fileName: string): Promise<InboxFile | null> {
  const rows = await db.query<{ bytes: Uint8Array; stored_at: Date | string }>(
    "SELECT bytes, stored_at FROM feed_inbox WHERE dealer_slug = $1 AND file_name = $2",
    [dealer, fileName],
  );
  const r = rows[0];
  return r ? { bytes: new Uint8Array(r.bytes), source: `${fileName}, as imported in the studio`, at: new Date(r.stored_at) } : null;
}

/**
 * The newer of the inbox folder's file and the studio's kept import of that name; null when there is
 * neither. A folder file over `maxBytes` is refused unread.
 */
export async function readInbox(o: { db: Queryable | null; dataDir: string; dealer: string; fileName: string; maxBytes: number }): Promise<InboxFile | null> {
  const file = path.join(o.dataDir, "inbox", o.dealer, o.fileName);
  const stat = fs.statSync(/*turbopackIgnore: true*/ file, { throwIfNoEntry: false });
  const stored = o.db ? await storedInboxFile(o.db, o.dealer, o.fileName) : null;
  if (!stat?.isFile()) return stored;
  if (stored && stored.at > stat.mtime) return stored;
  if (stat.size > o.maxBytes)
    throw new FeedFileError(`the file is ${Math.round(stat.size / 1_048_576)} MB, more than the ${Math.round(o.maxBytes / 1_048_576)} MB limit`);
  const read = fs.readFileSync(/*turbopackIgnore: true*/ file);
  // A view of the Buffer's bytes, not a copy (a 40 MB export is held once).
  return { bytes: new Uint8Array(read.buffer, read.byteOffset, read.byteLength), source: path.relative(process.cwd(), file) || file, at: stat.mtime };
}

/** Why there is no inbox file to read, in words staff act on. */
export function noInboxFile(fileName: string): string {
  return `no file ${fileName} has arrived in the dealer's inbox folder yet, and none was imported in the studio: upload the export on the stock feed screen and import it`;
}
