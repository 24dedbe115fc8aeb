import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ApiContext } from "../http/api-route";
import type { Tenant } from "../tenant";
import { suiteDb } from "../db/testing";
import { databaseBlobStore } from "../blobs";
import { mediaResponse } from "../images/media-route";
import { studioPublishBody } from "./publish-http";
import { studioUpload } from "./upload-http";

vi.mock("server-only", () => ({}));

// The upload route and the media route on one database: what the studio stores, a dealer's host serves.
const db = suiteDb(undefined, { empty: ["blobs"] });
const DB_KEY = Symbol.for("dealer-platform.db");
const BLOB_KEY = Symbol.for("dealer-platform.blobs");
const g = globalThis as Record<symbol, unknown>;
beforeAll(() => {
  g[DB_KEY] = Promise.resolve(db);
  g[BLOB_KEY] = Promise.resolve(databaseBlobStore(db));
});
afterAll(() => {
  delete g[DB_KEY];
  delete g[BLOB_KEY];
});

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 140"><rect width="600" height="140"/></svg>';
const upload = (slug: string, body: BodyInit) => studioUpload(slug, new Request(`https://localhost/_studio/upload/${slug}`, { method: "POST", body }));

function media(key: string, tenant: Tenant, headers: Record<string, string> = {}) {
  const ctx = { params: { key: key.split("/") }, tenant, request: new Request(`https://x/api/media/${key}`, { headers }) };
  return mediaResponse(ctx as unknown as ApiContext<undefined, { key: string[] }, Tenant>);
}
const site = (slug: string) => ({ kind: "site", slug, manifest: {} }) as unknown as Tenant;

describe("uploading a logo in the studio", () => {
  it("stores a good picture under the dealer and answers with its address and the size proposed for the header", async () => {
    const res = await upload("sunshine-chery", LOGO);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { src: string; width: number; height: number; display: { width: number; height: number } };
    expect(body).toMatchObject({ ok: true, width: 600, height: 140, display: { width: 206, height: 48 }, warnings: [] });
    expect(body.src).toMatch(/^\/api\/media\/dealers\/sunshine-chery\/logo-[0-9a-f]{12}\.svg$/);
    const key = body.src.slice("/api/media/".length);

    // Served on the dealer's host (and the directory's studio), never on another dealer's.
    const served = await media(key, site("sunshine-chery"));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await served.text()).toBe(LOGO);
    expect((await media(key, { kind: "directory" })).status).toBe(200);
    expect((await media(key, site("twg-group"))).status).toBe(404);
    // Not valid percent-encoding: no such picture, never an error.
    expect((await media("dealers/sunshine-chery/%ZZ", site("sunshine-chery"))).status).toBe(404);
    const again = await media(key, site("sunshine-chery"), { "if-none-match": served.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect((await media("dealers/sunshine-chery/nothing.png", site("sunshine-chery"))).status).toBe(404);
    expect((await media("dealers/sunshine-chery/../x", site("sunshine-chery"))).status).toBe(404);
  });

  it("refuses a scripted SVG, a picture over 1 MB and an unknown dealer, storing nothing", async () => {
    const bad = await upload("sunshine-chery", LOGO.replace("<rect", "<script>alert(1)</script><rect"));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { message: string }).message).toContain("contains a script");
    const big = await upload("sunshine-chery", new Uint8Array(1_000_001));
    expect(big.status).toBe(413);
    expect((await upload("nobody-here", LOGO)).status).toBe(404);
    expect(await databaseBlobStore(db).list("")).toEqual([]);
  });
});

describe("uploading a logo with the plain form (multipart, no script)", () => {
  const form = (file: Blob | string | null) => {
    const f = new FormData();
    if (file !== null) f.set("file", file as Blob, "logo.svg");
    return f;
  };
  const noteOf = (res: Response) => new URL(res.headers.get("location")!, "https://localhost").searchParams.get("upload");

  it("stores the picture and sends the editor back (303) saying it is in the picture list", async () => {
    const res = await upload("sunshine-chery", form(new Blob([LOGO], { type: "image/svg+xml" })));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toMatch(/^\/studio\/sunshine-chery\?upload=/);
    expect(noteOf(res)).toMatch(/^Uploaded logo-[0-9a-f]{12}\.svg \(600×140\): it is in the picture list\./);
    const stored = await databaseBlobStore(db).list("dealers/sunshine-chery/");
    expect(stored.map((b) => b.key)).toEqual([expect.stringMatching(/^dealers\/sunshine-chery\/logo-[0-9a-f]{12}\.svg$/)]);
  });

  it("sends the editor back with the reason for a refused picture, a missing file or one over 1 MB, storing nothing", async () => {
    const before = (await databaseBlobStore(db).list("")).length;
    expect(noteOf(await upload("sunshine-chery", form(new Blob([LOGO.replace("<rect", "<script>x</script><rect")]))))).toMatch(
      /^Not uploaded: .*contains a script/,
    );
    const wrongType = await upload("sunshine-chery", form(new Blob(["GIF89a not a logo"], { type: "image/gif" })));
    expect(wrongType.status).toBe(303);
    expect(noteOf(wrongType)).toBe("Not uploaded: This file is not a PNG, SVG, JPEG or WebP picture.");
    expect(noteOf(await upload("sunshine-chery", form(null)))).toBe("Not uploaded: choose a picture file first.");
    expect(noteOf(await upload("sunshine-chery", form(new Blob([new Uint8Array(1_000_001)]))))).toContain("at most 1 MB");
    expect((await databaseBlobStore(db).list("")).length).toBe(before);
  });
});

describe("the publish body", () => {
  it("takes the edit with an optional note and live version, and says what is wrong", () => {
    expect(studioPublishBody({ baseText: "{}", value: {}, note: "x", liveId: 3 })).toEqual({
      ok: true,
      value: { baseText: "{}", value: {}, note: "x", liveId: 3 },
    });
    expect(studioPublishBody({ baseText: "{}", value: {}, liveId: null })).toEqual({ ok: true, value: { baseText: "{}", value: {}, liveId: null } });
    expect(studioPublishBody({ baseText: "{}", value: {}, liveId: "3" })).toMatchObject({ ok: false, errors: [{ field: "liveId" }] });
    expect(studioPublishBody({ baseText: "{}", value: {}, note: "x".repeat(501) })).toMatchObject({ ok: false, errors: [{ field: "note" }] });
    expect(studioPublishBody({ value: {} })).toMatchObject({ ok: false });
  });
});
