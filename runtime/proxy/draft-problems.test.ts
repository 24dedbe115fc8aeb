import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { draftProblemsPage } from "@/runtime/render/preview-page";
import { draftProblems } from "./draft-problems";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

const dir = mkdtempSync(path.join(tmpdir(), "draft-problems-"));
mkdirSync(path.join(dir, "drafts"));
writeFileSync(path.join(dir, "drafts", "coast-chery.json"), '{ "slug": "coast-chery", "name": 5 }');
afterEach(() => vi.unstubAllEnvs());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADERS = { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" };

describe("gate: a draft with errors", () => {
  it("answers the page listing the draft's problems (200, noindex, not cached) with a link to the directory", () => {
    vi.stubEnv("MANIFESTS_DIR", dir);
    const decision = draftProblems(
      contextFor({ kind: "unavailable", slug: "coast-chery", preview: "coast-chery" }, "/cars/x", { host: "coast-chery.preview.localhost:3000" }),
    );
    expect(decision).toMatchObject({ kind: "answer", status: 200, headers: HEADERS });
    const body = decision?.kind === "answer" ? decision.body : "";
    // The file, named as the page names it (relative to where the server runs, wherever that is).
    expect(body).toContain(path.relative(process.cwd(), path.join(dir, "drafts", "coast-chery.json")));
    expect(body).toMatch(/<title>Draft coast-chery: [1-9]\d* problems?<\/title>/);
    expect(body).toContain('href="http://localhost:3000/"');
  });

  it("names the draft alone when its file has gone, and links to the directory on the port the server was reached on", () => {
    vi.stubEnv("MANIFESTS_DIR", dir);
    const tenant = { kind: "unavailable", slug: "gone", preview: "gone" } as const;
    expect(draftProblems(contextFor(tenant, "/", { host: "gone.preview.localhost:3000", origin: "http://127.0.0.1:4000" }))).toEqual({
      kind: "answer",
      status: 200,
      body: draftProblemsPage("gone", "gone", [], [], "http://localhost:4000/"),
      headers: HEADERS,
    });
    expect(draftProblems(contextFor(tenant, "/", { host: "gone.preview.localhost", origin: "http://127.0.0.1" }))).toMatchObject({
      body: draftProblemsPage("gone", "gone", [], [], "http://localhost/"),
    });
  });

  it("passes on an unavailable dealer that is not a draft, a dealer's preview and the directory", () => {
    for (const tenant of [UNAVAILABLE, { ...site, preview: "coast-chery" }, DIRECTORY]) expect(draftProblems(contextFor(tenant, "/")), tenant.kind).toBeNull();
  });
});
