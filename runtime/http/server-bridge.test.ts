import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { nextBootstrapScripts } from "./next-scripts.mjs";
import { allowInlineScripts, isKnownHost, platformScriptHashes, scriptHash, setHostCheck } from "./server-bridge.mjs";

const dir = mkdtempSync(path.join(os.tmpdir(), "next-build-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("what the app registers with the server", () => {
  it("knows no host until the app registers its check, then asks it (a throwing check counts as no)", () => {
    expect(isKnownHost("sunshine-chery.localhost")).toBe(false);
    setHostCheck((host) => {
      if (host === "boom.example") throw new Error("boom");
      return host === "sunshine-chery.localhost";
    });
    expect(isKnownHost("sunshine-chery.localhost")).toBe(true);
    expect(isKnownHost("other.example")).toBe(false);
    expect(isKnownHost("boom.example")).toBe(false);
    expect(isKnownHost(undefined)).toBe(false);
  });

  it("keeps the hashes of the scripts it allows, as a CSP hash source reads them", () => {
    allowInlineScripts(["go()"]);
    expect(platformScriptHashes().has(scriptHash("go()"))).toBe(true);
    expect(scriptHash("go()")).toBe("5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=");
  });
});

describe("nextBootstrapScripts", () => {
  it("gives each page's Turbopack chunk bootstrap exactly as Next writes it into the page", () => {
    const params = { otherChunks: ["static/chunks/a.js", "static/chunks/b.js"], runtimeModuleIds: [494553] };
    writeFileSync(
      path.join(dir, "build-manifest.json"),
      JSON.stringify({ pagesChunkGroupBootstrapParams: { "/page": params, "/other/page": params }, chunkLoadingGlobal: "TURBOPACK" }),
    );
    // As in a built page's <script id="_R_">.
    expect(nextBootstrapScripts(dir)).toEqual([
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js","static/chunks/b.js"],"runtimeModuleIds":[494553]});',
    ]);
  });

  it("gives none for a build without them or no build", () => {
    writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ pages: {} }));
    expect(nextBootstrapScripts(dir)).toEqual([]);
    expect(nextBootstrapScripts(path.join(dir, "missing"))).toEqual([]);
  });
});
