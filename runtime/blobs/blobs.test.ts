import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { describeEachDb } from "@/runtime/db/testing";
import { blobConfigFromEnv, databaseBlobStore, isBlobKey, s3BlobStore, type BlobStore } from "./index";

const bytes = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);

/** The behaviour every backend shares. */
function contract(store: () => BlobStore) {
  it("puts, gets, heads and deletes by key with the content type", async () => {
    const s = store();
    const put = await s.put("dealers/ace/logo.svg", bytes("<svg/>"), "image/svg+xml");
    expect(put).toMatchObject({ key: "dealers/ace/logo.svg", contentType: "image/svg+xml", size: 6 });
    expect(put.etag).not.toBe("");
    const got = await s.get("dealers/ace/logo.svg");
    expect(got && text(got.body)).toBe("<svg/>");
    expect(got).toMatchObject({ contentType: "image/svg+xml", size: 6, etag: put.etag });
    expect(await s.head("dealers/ace/logo.svg")).toMatchObject({ contentType: "image/svg+xml", size: 6, etag: put.etag });
    expect(await s.delete("dealers/ace/logo.svg")).toBe(true);
    expect(await s.delete("dealers/ace/logo.svg")).toBe(false);
    expect(await s.get("dealers/ace/logo.svg")).toBeNull();
    expect(await s.head("dealers/ace/logo.svg")).toBeNull();
  });

  it("replaces a blob whole, its etag changing", async () => {
    const s = store();
    const a = await s.put("k/one.png", new Uint8Array([1, 2, 3]), "image/png");
    const b = await s.put("k/one.png", new Uint8Array([4, 5]), "image/webp");
    expect(b.etag).not.toBe(a.etag);
    const got = await s.get("k/one.png");
    expect([...got!.body]).toEqual([4, 5]);
    expect(got!.contentType).toBe("image/webp");
  });

  it("lists by prefix, in key order, a prefix's wildcards taken literally", async () => {
    const s = store();
    await s.put("dealers/b_c/x.png", bytes("1"), "image/png");
    await s.put("dealers/bxc/y.png", bytes("22"), "image/png");
    await s.put("dealers/b_c/a.png", bytes("333"), "image/png");
    await s.put("other/z.png", bytes("4"), "image/png");
    expect((await s.list("dealers/b_c/")).map((b) => [b.key, b.size])).toEqual([
      ["dealers/b_c/a.png", 3],
      ["dealers/b_c/x.png", 1],
    ]);
    expect((await s.list("dealers/", 2)).map((b) => b.key)).toEqual(["dealers/b_c/a.png", "dealers/b_c/x.png"]);
  });

  it("refuses keys that could climb out of their folder or are not keys", async () => {
    const s = store();
    for (const key of ["../etc/passwd", "a/../b", "/abs", "a//b", "", "a b", "a/./b"])
      await expect(s.put(key, bytes("x"), "text/plain")).rejects.toThrow(/not a blob key/);
    await expect(s.put("ok.txt", bytes("x"), "not a type")).rejects.toThrow(/not a content type/);
  });
}

describeEachDb("blob store: database", { empty: ["blobs"] }, (db) => {
  contract(() => databaseBlobStore(db));
});

/**
 * A small S3 stand-in (path-style PUT, GET, HEAD, DELETE and ListObjectsV2), enough to check that
 * the S3 backend speaks the protocol through the real SDK.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string; etag: string; at: Date }>();
  let n = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    const [, bucket, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (bucket !== "test-bucket") return res.writeHead(404).end();
      if (req.method === "GET" && !key && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        const xml = `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>test-bucket</Name><Prefix>${prefix}</Prefix><KeyCount>${keys.length}</KeyCount><IsTruncated>false</IsTruncated>${keys
          .map((k) => `<Contents><Key>${k}</Key><Size>${objects.get(k)!.body.length}</Size></Contents>`)
          .join("")}</ListBucketResult>`;
        return res.writeHead(200, { "content-type": "application/xml" }).end(xml);
      }
      const o = objects.get(key);
      if (req.method === "PUT") {
        const etag = `"e${++n}"`;
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers["content-type"]), etag, at: new Date() });
        return res.writeHead(200, { etag }).end();
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (!o) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>`;
        return res.writeHead(404, { "content-type": "application/xml" }).end(req.method === "HEAD" ? undefined : xml);
      }
      const headers = { "content-type": o.type, "content-length": String(o.body.length), etag: o.etag, "last-modified": o.at.toUTCString() };
      res.writeHead(200, headers).end(req.method === "HEAD" ? undefined : o.body);
    });
  });
  return { server, objects };
}

describe("blob store: S3-compatible", () => {
  const fake = fakeS3();
  let server: Server;
  let endpoint = "";
  beforeAll(async () => {
    server = fake.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => fake.objects.clear());
  contract(() =>
    s3BlobStore({
      bucket: "test-bucket",
      endpoint,
      region: "ap-southeast-2",
      forcePathStyle: true,
      credentials: { accessKeyId: "test", secretAccessKey: "test" },
    }),
  );

  it("keeps its keys under the configured prefix", async () => {
    const s = s3BlobStore({ bucket: "test-bucket", endpoint, prefix: "platform/", credentials: { accessKeyId: "t", secretAccessKey: "t" } });
    await s.put("a/b.png", bytes("x"), "image/png");
    expect([...fake.objects.keys()]).toEqual(["platform/a/b.png"]);
    expect((await s.list("a/")).map((b) => b.key)).toEqual(["a/b.png"]);
  });
});

describe("blob store configuration", () => {
  it("is the database unless told otherwise, and S3 needs a bucket", () => {
    expect(blobConfigFromEnv({})).toEqual({ backend: "database" });
    expect(() => blobConfigFromEnv({ BLOB_STORE: "s3" })).toThrow(/BLOB_S3_BUCKET/);
    expect(() => blobConfigFromEnv({ BLOB_STORE: "disk" })).toThrow(/'database'.*'s3'/);
    expect(blobConfigFromEnv({ BLOB_STORE: "s3", BLOB_S3_BUCKET: "b", BLOB_S3_ENDPOINT: "http://minio:9000", BLOB_S3_PATH_STYLE: "1" })).toEqual({
      backend: "s3",
      bucket: "b",
      endpoint: "http://minio:9000",
      forcePathStyle: true,
    });
  });

  it("accepts path keys only", () => {
    expect(isBlobKey("dealers/ace-motors/logo-3f2a.png")).toBe(true);
    expect(isBlobKey("..")).toBe(false);
    expect(isBlobKey("a".repeat(513))).toBe(false);
  });
});
