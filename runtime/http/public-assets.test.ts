import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicAssetsAddedLater } from "./public-assets.mjs";

let dir: string;
let outside: string;
let server: http.Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "public-"));
  mkdirSync(path.join(dir, "logos"));
  writeFileSync(path.join(dir, "logos", "old.svg"), "<svg/>");
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\n");
  outside = mkdtempSync(path.join(os.tmpdir(), "outside-"));
  writeFileSync(path.join(outside, "secret.png"), "not public");
  const serve = publicAssetsAddedLater(dir, { isKnownHost: (host) => host === "sunshine-chery.localhost" || host === "localhost" });
  server = http.createServer((req, res) => {
    if (serve(req, res)) return;
    res.statusCode = 418; // stands for "handed to Next"
    res.end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const get = (url: string, method = "GET", host = "sunshine-chery.localhost") =>
  new Promise<{ status: number; body: string; type?: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: url, method, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, type: res.headers["content-type"] }));
    });
    req.on("error", reject);
    req.end();
  });

describe("publicAssetsAddedLater", () => {
  it("serves a picture added after the start, with its type", async () => {
    writeFileSync(path.join(dir, "logos", "new logo.svg"), "<svg id='new'/>");
    const res = await get("/logos/new%20logo.svg");
    expect(res).toMatchObject({ status: 200, body: "<svg id='new'/>" });
    expect(res.type).toContain("image/svg+xml");
  });

  it("leaves files present at the start, missing files and other kinds of file to Next", async () => {
    expect((await get("/logos/old.svg")).status).toBe(418);
    expect((await get("/logos/missing.png")).status).toBe(418);
    writeFileSync(path.join(dir, "notes.txt"), "x");
    expect((await get("/notes.txt")).status).toBe(418);
    expect((await get("/logos/new%20logo.svg", "POST")).status).toBe(418);
  });

  it("never serves outside the folder, dotfiles or undecodable paths", async () => {
    writeFileSync(path.join(dir, ".secret.png"), "x");
    expect((await get("/.secret.png")).status).not.toBe(200);
    expect((await get("/logos/..%2F..%2Fetc%2Fpasswd.png")).status).not.toBe(200);
    expect((await get("/%ff.png")).status).toBe(418);
  });

  it("answers only on the hosts the app serves (a dealer's site, the directory)", async () => {
    writeFileSync(path.join(dir, "logos", "hosts.svg"), "<svg id='hosts'/>");
    expect((await get("/logos/hosts.svg", "GET", "localhost")).status).toBe(200);
    for (const host of ["not-a-dealer.example", "127.0.0.1", ""]) expect((await get("/logos/hosts.svg", "GET", host)).status, host).toBe(418);
  });

  it("answers 404 for the files Next serves from the folder when the host is neither a dealer's nor the directory", async () => {
    for (const host of ["not-a-dealer.example", "127.0.0.1", ""]) {
      expect((await get("/logos/old.svg", "GET", host)).status, host).toBe(404);
      expect((await get("/robots.txt", "GET", host)).status, host).toBe(404);
      expect((await get("/logos/old.svg", "HEAD", host)).status, host).toBe(404);
    }
    // On the app's own hosts Next serves them; anything else on an unknown host goes to Next's tenant gate.
    expect((await get("/logos/old.svg", "GET", "localhost")).status).toBe(418);
    expect((await get("/robots.txt")).status).toBe(418);
    expect((await get("/cars", "GET", "not-a-dealer.example")).status).toBe(418);
    expect((await get("/logos/old.svg", "POST", "not-a-dealer.example")).status).toBe(418);
  });

  it("does not follow a symbolic link out of the folder (a link inside it is fine)", async () => {
    symlinkSync(path.join(outside, "secret.png"), path.join(dir, "logos", "link-out.png"));
    symlinkSync(outside, path.join(dir, "outside-dir"));
    expect((await get("/logos/link-out.png")).status).toBe(418);
    expect((await get("/outside-dir/secret.png")).status).toBe(418);
    writeFileSync(path.join(dir, "logos", "real.svg"), "<svg id='real'/>");
    symlinkSync(path.join(dir, "logos", "real.svg"), path.join(dir, "logos", "link-in.svg"));
    expect(await get("/logos/link-in.svg")).toMatchObject({ status: 200, body: "<svg id='real'/>" });
  });
});
