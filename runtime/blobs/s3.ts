/**
 * The S3-compatible blob backend (AWS S3, MinIO, Cloudflare R2, Backblaze B2 …) through the AWS
 * SDK's S3 client. Credentials come from the SDK's usual chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role); index.ts reads the rest from BLOB_S3_*.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { checkBlobKey, checkBlobPrefix, checkContentType, type BlobInfo, type BlobStore } from "./types";

export interface S3BlobConfig {
  bucket: string;
  /** Prepended to every key ("dealer-platform/"), so one bucket can hold other things too. */
  prefix?: string;
  region?: string;
  /** An S3-compatible service's address (MinIO, R2 …); AWS when unset. */
  endpoint?: string;
  /** Bucket in the path rather than the host name (MinIO and most self-hosted services). */
  forcePathStyle?: boolean;
  /** Explicit credentials (tests); otherwise the SDK's default chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const missing = (e: unknown) => e instanceof S3ServiceException && (e.$metadata?.httpStatusCode === 404 || e.name === "NotFound" || e.name === "NoSuchKey");

const unquote = (etag: string | undefined) => (etag ?? "").replace(/^W\//, "").replace(/"/g, "");

export function s3BlobStore(config: S3BlobConfig, client?: S3Client): BlobStore {
  const s3 =
    client ??
    new S3Client({
      region: config.region ?? "us-east-1",
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle ?? !!config.endpoint,
      ...(config.credentials ? { credentials: config.credentials } : {}),
    });
  const Bucket = config.bucket;
  const prefix = config.prefix ?? "";
  const objectKey = (key: string) => prefix + checkBlobKey(key);

  return {
    kind: "s3",
    async put(key, body, contentType) {
      const type = checkContentType(contentType);
      const out = await s3.send(new PutObjectCommand({ Bucket, Key: objectKey(key), Body: body, ContentType: type, ContentLength: body.byteLength }));
      return { key, contentType: type, size: body.byteLength, etag: unquote(out.ETag), updatedAt: new Date().toISOString() };
    },
    async get(key) {
      try {
        const out = await s3.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const body = out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
        return {
          key,
          contentType: out.ContentType ?? "application/octet-stream",
          size: body.byteLength,
          etag: unquote(out.ETag),
          updatedAt: (out.LastModified ?? new Date()).toISOString(),
          body,
        };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async head(key): Promise<BlobInfo | null> {
      try {
        const out = await s3.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return {
          key,
          contentType: out.ContentType ?? "application/octet-stream",
          size: Number(out.ContentLength ?? 0),
          etag: unquote(out.ETag),
          updatedAt: (out.LastModified ?? new Date()).toISOString(),
        };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key as a success: ask first, so the answer means the same as the database's.
      if (!(await this.head(key))) return false;
      await s3.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      return true;
    },
    async list(start, limit = 1000) {
      checkBlobPrefix(start);
      const out: BlobInfo[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix + start, ContinuationToken: token, MaxKeys: Math.min(1000, limit - out.length) }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key || out.length >= limit) continue;
          const head = await this.head(o.Key.slice(prefix.length));
          if (head) out.push(head);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token && out.length < limit);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
  };
}
