/**
 * The shared blob store (see types.ts). Configuration:
 *  - BLOB_STORE=s3 with BLOB_S3_BUCKET (and BLOB_S3_REGION, BLOB_S3_ENDPOINT, BLOB_S3_PREFIX,
 *    BLOB_S3_PATH_STYLE=1 as the service needs; credentials from the AWS SDK's usual chain):
 *    an S3-compatible bucket;
 *  - otherwise (BLOB_STORE unset or "database"): the `blobs` table of the shared database, which
 *    every process of a fleet already reaches.
 * Server code calls getBlobStore(): one per process.
 */
import { getDb, type Queryable } from "@/runtime/db";
import { databaseBlobStore } from "./database";
import { s3BlobStore, type S3BlobConfig } from "./s3";
import type { BlobStore } from "./types";

export type { BlobInfo, BlobStore, StoredBlob } from "./types";
export { BlobKeyError, checkBlobKey, isBlobKey } from "./types";
export { databaseBlobStore } from "./database";
export { s3BlobStore, type S3BlobConfig } from "./s3";

export type BlobConfig = { backend: "database" } | ({ backend: "s3" } & S3BlobConfig);

/** The backend the environment asks for; a bad setting is an error that names it. */
export function blobConfigFromEnv(env: Record<string, string | undefined> = process.env): BlobConfig {
  const backend = (env.BLOB_STORE ?? "database").trim().toLowerCase();
  if (backend === "" || backend === "database") return { backend: "database" };
  if (backend !== "s3") throw new Error(`BLOB_STORE is '${env.BLOB_STORE}': use 'database' (the default) or 's3'`);
  const bucket = env.BLOB_S3_BUCKET?.trim();
  if (!bucket) throw new Error("BLOB_STORE=s3 needs BLOB_S3_BUCKET (the bucket's name)");
  return {
    backend: "s3",
    bucket,
    ...(env.BLOB_S3_REGION ? { region: env.BLOB_S3_REGION } : {}),
    ...(env.BLOB_S3_ENDPOINT ? { endpoint: env.BLOB_S3_ENDPOINT } : {}),
    ...(env.BLOB_S3_PREFIX ? { prefix: env.BLOB_S3_PREFIX } : {}),
    ...(env.BLOB_S3_PATH_STYLE ? { forcePathStyle: /^(1|true|yes)$/i.test(env.BLOB_S3_PATH_STYLE) } : {}),
  };
}

/** A store for `config`, its database one on `db`. */
export function openBlobStore(config: BlobConfig, db: Queryable): BlobStore {
  return config.backend === "s3" ? s3BlobStore(config) : databaseBlobStore(db);
}

const KEY = Symbol.for("dealer-platform.blobs");
type Holder = { [KEY]?: Promise<BlobStore> };

/** The process-wide blob store, as the environment configures it. */
export function getBlobStore(): Promise<BlobStore> {
  const g = globalThis as Holder;
  if (!g[KEY]) {
    const opening = (async () => {
      const config = blobConfigFromEnv();
      return config.backend === "s3" ? s3BlobStore(config) : databaseBlobStore(await getDb());
    })();
    g[KEY] = opening;
    opening.catch(() => {
      if (g[KEY] === opening) delete g[KEY];
    });
  }
  return g[KEY]!;
}
