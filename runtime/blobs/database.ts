/** The default blob backend: the `blobs` table of the shared database (PGlite or PostgreSQL). */
import { createHash } from "node:crypto";
import type { Queryable } from "@/runtime/db";
import { checkBlobKey, checkBlobPrefix, checkContentType, type BlobInfo, type BlobStore, type StoredBlob } from "./types";

interface Row {
  key: string;
  content_type: string;
  size: number | string;
  etag: string;
  updated_at: Date | string;
  body?: Uint8Array;
}

const info = (r: Row): BlobInfo => ({
  key: r.key,
  contentType: r.content_type,
  size: Number(r.size),
  etag: r.etag,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** LIKE's wildcards in a prefix taken literally. */
const likePrefix = (prefix: string) => prefix.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";

export function databaseBlobStore(db: Queryable): BlobStore {
  return {
    kind: "database",
    async put(key, body, contentType) {
      checkBlobKey(key);
      const type = checkContentType(contentType);
      // node-postgres sends a Buffer as bytea (a bare Uint8Array would go as JSON).
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      const etag = createHash("sha256").update(bytes).digest("hex");
      const [row] = await db.query<Row>(
        `INSERT INTO blobs (key, content_type, body, size, etag) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET content_type = EXCLUDED.content_type, body = EXCLUDED.body, size = EXCLUDED.size, etag = EXCLUDED.etag, updated_at = now()
         RETURNING key, content_type, size, etag, updated_at`,
        [key, type, bytes, bytes.byteLength, etag],
      );
      return info(row);
    },
    async get(key) {
      checkBlobKey(key);
      const [row] = await db.query<Row>("SELECT key, content_type, size, etag, updated_at, body FROM blobs WHERE key = $1", [key]);
      if (!row) return null;
      return { ...info(row), body: new Uint8Array(row.body!) } satisfies StoredBlob;
    },
    async head(key) {
      checkBlobKey(key);
      const [row] = await db.query<Row>("SELECT key, content_type, size, etag, updated_at FROM blobs WHERE key = $1", [key]);
      return row ? info(row) : null;
    },
    async delete(key) {
      checkBlobKey(key);
      const rows = await db.query<{ key: string }>("DELETE FROM blobs WHERE key = $1 RETURNING key", [key]);
      return rows.length > 0;
    },
    async list(prefix, limit = 1000) {
      checkBlobPrefix(prefix);
      const rows = await db.query<Row>('SELECT key, content_type, size, etag, updated_at FROM blobs WHERE key LIKE $1 ORDER BY key COLLATE "C" LIMIT $2', [
        likePrefix(prefix),
        Math.max(0, Math.min(limit, 10_000)),
      ]);
      return rows.map(info);
    },
  };
}
