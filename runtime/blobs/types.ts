/**
 * The shared blob store's interface: files every server process must read alike (uploaded
 * pictures, mirrored photos), put and read by key with their content type. Nothing here lives on
 * one process's disk: the default backend is a table of the shared database, an S3-compatible
 * bucket the other (index.ts chooses by configuration).
 */

export interface BlobInfo {
  key: string;
  contentType: string;
  /** Bytes. */
  size: number;
  /** Hex SHA-256 of the body (the database) or the bucket's ETag: changes whenever the body does. */
  etag: string;
  /** ISO time of the last put. */
  updatedAt: string;
}

export interface StoredBlob extends BlobInfo {
  body: Uint8Array;
}

export interface BlobStore {
  readonly kind: "database" | "s3";
  /** Stores `body` under `key`, replacing what was there. */
  put(key: string, body: Uint8Array, contentType: string): Promise<BlobInfo>;
  /** The blob, or null when there is none under `key`. */
  get(key: string): Promise<StoredBlob | null>;
  /** What `get` would return, without the body. */
  head(key: string): Promise<BlobInfo | null>;
  /** Removes the blob; false when there was none. */
  delete(key: string): Promise<boolean>;
  /** The blobs whose key starts with `prefix`, by key, at most `limit` (default 1000). */
  list(prefix: string, limit?: number): Promise<BlobInfo[]>;
}

/** Keys are paths of letters, digits, `.`, `_`, `-` and `/` (no empty or dot-only segment), at most 512 characters. */
const KEY = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function isBlobKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key) && !key.split("/").some((s) => /^\.+$/.test(s));
}

export class BlobKeyError extends Error {
  constructor(readonly key: string) {
    super(`'${key.slice(0, 80)}' is not a blob key (letters, digits, . _ - separated by /, at most 512 characters)`);
    this.name = "BlobKeyError";
  }
}

export function checkBlobKey(key: string): string {
  if (!isBlobKey(key)) throw new BlobKeyError(key);
  return key;
}

/** A content type as stored: its lower-cased media type and parameters, trimmed. */
export function checkContentType(contentType: string): string {
  const t = contentType.trim();
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;.*)?$/i.test(t) || t.length > 200) throw new Error(`'${t.slice(0, 80)}' is not a content type`);
  return t.toLowerCase();
}

/** A prefix for `list`: empty, or a key's beginning. */
export function checkBlobPrefix(prefix: string): string {
  if (prefix !== "" && !/^[A-Za-z0-9._/-]{1,512}$/.test(prefix)) throw new BlobKeyError(prefix);
  return prefix;
}
