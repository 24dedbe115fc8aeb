import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import sharp from "sharp";
import { suiteDb } from "../db/testing";
import { databaseBlobStore } from "../blobs";
import { studioDraftUpload, studioUpload } from "./upload-http";

vi.mock("server-only", () => ({}));

// A draft's picture uploads and the favicon's, on one database: stored where the live dealer's are.
const root = path.resolve(import.meta.dirname, "../..");
const db = suiteDb(undefined, { empty: ["blobs"] });
const DB_KEY = Symbol.for("dealer-platform.db");
const BLOB_KEY = Symbol.for("dealer-platform.blobs");
const g = globalThis as Record<symbol, unknown>;
let dir: string;

/** A draft file of the sample dealer under `name`, with this slug. */
function writeDraft(name: string, slug: string) {
  const value = JSON.parse(fs.readFileSync(path.join(root, "manifests", "sunshine-chery.json"), "utf8"));
  Object.assign(value, { $schema: "../../schemas/manifest.schema.json", slug });
  fs.writeFileSync(path.join(dir, "manifests", "drafts", `${name}.json`), JSON.stringify(value, null, 2));
}

beforeAll(() => {
  g[DB_KEY] = Promise.resolve(db);
  g[BLOB_KEY] = Promise.resolve(databaseBlobStore(db));
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-upload-"));
  fs.cpSync(path.join(root, "manifests"), path.join(dir, "manifests"), { recursive: true });
  writeDraft("peel-valley", "peel-valley");
  writeDraft("chery-copy", "sunshine-chery");
  vi.stubEnv("MANIFESTS_DIR", path.join(dir, "manifests"));
});
afterAll(() => {
  delete g[DB_KEY];
  delete g[BLOB_KEY];
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 140"><rect width="600" height="140"/></svg>';
const post = (url: string, body: BodyInit) => new Request(`https://localhost${url}`, { method: "POST", body });
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c00" } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("a draft's logo upload", () => {
  it("stores the picture under the slug the draft goes live with, as a live dealer's", async () => {
    const res = await studioDraftUpload("peel-valley", post("/_studio/drafts/peel-valley/upload", LOGO));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { src: string; display: { width: number; height: number } };
    expect(body).toMatchObject({ ok: true, display: { width: 206, height: 48 } });
    expect(body.src).toMatch(/^\/api\/media\/dealers\/peel-valley\/logo-[0-9a-f]{12}\.svg$/);
  });

  it("sends the plain form back to the draft's editor, and refuses a draft whose slug a live dealer has", async () => {
    const form = new FormData();
    form.set("file", new Blob([LOGO], { type: "image/svg+xml" }), "logo.svg");
    const back = await studioDraftUpload("peel-valley", post("/_studio/drafts/peel-valley/upload", form));
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toMatch(/^\/studio\/drafts\/peel-valley\?upload=Uploaded/);
    const before = (await databaseBlobStore(db).list("dealers/sunshine-chery/")).length;
    const taken = await studioDraftUpload("chery-copy", post("/_studio/drafts/chery-copy/upload", LOGO));
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { message: string }).message).toMatch(/^The live dealer sunshine-chery already has this draft's slug/);
    expect((await databaseBlobStore(db).list("dealers/sunshine-chery/")).length).toBe(before);
    expect((await studioDraftUpload("no-such-draft", post("/_studio/drafts/no-such-draft/upload", LOGO))).status).toBe(404);
  });
});

describe("a favicon upload (?use=favicon)", () => {
  it("stores a square picture for a live dealer and a draft alike", async () => {
    const live = await studioUpload("sunshine-chery", post("/_studio/upload/sunshine-chery?use=favicon", await png(64, 64)));
    expect(live.status).toBe(200);
    expect(((await live.json()) as { src: string }).src).toMatch(/^\/api\/media\/dealers\/sunshine-chery\/favicon-[0-9a-f]{12}\.png$/);
    const draft = await studioDraftUpload("peel-valley", post("/_studio/drafts/peel-valley/upload?use=favicon", await png(48, 48)));
    expect(((await draft.json()) as { src: string }).src).toMatch(/^\/api\/media\/dealers\/peel-valley\/favicon-/);
  });

  it("refuses a picture that is no favicon with the reason, storing nothing", async () => {
    const before = (await databaseBlobStore(db).list("")).length;
    const wide = await studioUpload("sunshine-chery", post("/_studio/upload/sunshine-chery?use=favicon", LOGO));
    expect(wide.status).toBe(422);
    expect(((await wide.json()) as { message: string }).message).toBe(
      "The picture is 600×140: a favicon must be square. Crop it to the same width and height.",
    );
    const form = new FormData();
    form.set("file", new Blob([await png(16, 16)], { type: "image/png" }), "icon.png");
    const small = await studioDraftUpload("peel-valley", post("/_studio/drafts/peel-valley/upload?use=favicon", form));
    expect(new URL(small.headers.get("location")!, "https://localhost").searchParams.get("upload")).toBe(
      "Not uploaded: The picture is 16×16: a favicon must be at least 48×48 pixels. Upload a larger one, or an SVG.",
    );
    const big = await studioUpload("sunshine-chery", post("/_studio/upload/sunshine-chery?use=favicon", new Uint8Array(1_000_001)));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { message: string }).message).toBe("The picture is larger than 1 MB; a favicon may be at most 1 MB.");
    expect((await databaseBlobStore(db).list("")).length).toBe(before);
  });
});
