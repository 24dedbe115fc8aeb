import { afterEach, describe, expect, it, vi } from "vitest";
import { studioSignInPage } from "@/runtime/studio/access";
import { studio } from "./studio";
import { contextFor, DIRECTORY, siteTenant, UNKNOWN } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

afterEach(() => vi.unstubAllEnvs());

const SECRET = "s3cret-of-twenty-chars";

const rewrite = (target: string, frame: string) => ({
  kind: "rewrite",
  target,
  headers: { "x-dealer-csp": JSON.stringify({ frame: [frame] }), "x-robots-tag": "noindex", "cache-control": "no-store" },
});

describe("gate: the studio", () => {
  it("rewrites the public studio paths to the internal route, framing the preview hosts on this port", () => {
    expect(studio(contextFor(DIRECTORY, "/studio"))).toEqual(rewrite("/_studio", "http://*.preview.localhost:3000"));
    expect(studio(contextFor(DIRECTORY, "/studio/sunshine-chery/save"))).toEqual(rewrite("/_studio/save/sunshine-chery", "http://*.preview.localhost:3000"));
    expect(studio(contextFor(DIRECTORY, "/studio/drafts/coast-chery?page=%2F", { host: "localhost" }))).toEqual(
      rewrite("/_studio/drafts/coast-chery?page=%2F", "http://*.preview.localhost"),
    );
  });

  it("answers the sign-in page (401) without a studio session cookie, except for the sign-in form itself", () => {
    vi.stubEnv("STUDIO_SECRET", SECRET);
    for (const p of ["/studio", "/studio/sunshine-chery", "/studio/templates/franchise/save"])
      expect(studio(contextFor(DIRECTORY, p)), p).toEqual({
        kind: "answer",
        status: 401,
        // Outside production the local inbox can take staff codes: the staff form beside the secret's.
        body: studioSignInPage(undefined, { kind: "secret", secret: SECRET, codes: true }),
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    expect(studio(contextFor(DIRECTORY, "/studio/sign-in", { method: "POST" }))).toEqual(rewrite("/_studio/sign-in", "http://*.preview.localhost:3000"));
    expect(studio(contextFor(DIRECTORY, "/studio/sign-in"))).toEqual(rewrite("/_studio/sign-in", "http://*.preview.localhost:3000"));
    // Something shaped like a session goes on to the studio, which looks it up; the secret itself opens nothing.
    expect(studio(contextFor(DIRECTORY, "/studio", { headers: { cookie: `studio-session=${"a".repeat(43)}` } }))).toEqual(
      rewrite("/_studio", "http://*.preview.localhost:3000"),
    );
    for (const cookie of [`studio-secret=${SECRET}`, "studio-session=short", `studio-session=${"a".repeat(42)}%ZZ`])
      expect(studio(contextFor(DIRECTORY, "/studio", { headers: { cookie } })), cookie).toMatchObject({ status: 401 });
    expect(studio(contextFor(DIRECTORY, "/studio", { headers: { "x-studio-secret": SECRET } }))).toMatchObject({ status: 401 });
  });

  it("keeps the studio closed, saying why, when the secret is too short to hold", () => {
    vi.stubEnv("STUDIO_SECRET", "s3cret");
    const answer = studio(contextFor(DIRECTORY, "/studio", { headers: { cookie: `studio-session=${"a".repeat(43)}` } }));
    expect(answer).toMatchObject({ kind: "answer", status: 401, body: expect.stringContaining("STUDIO_SECRET is 6 characters long; it must be at least 16") });
  });

  it("passes on /studio on a dealer's host (the dealer's own path) and other directory paths", () => {
    vi.stubEnv("STUDIO_SECRET", SECRET);
    expect(studio(contextFor(site, "/studio", { host: "sunshine-chery.localhost:3000" }))).toBeNull();
    expect(studio(contextFor(UNKNOWN, "/studio"))).toBeNull();
    for (const p of ["/", "/studios", "/studio/a/b/c", "/blocks"]) expect(studio(contextFor(DIRECTORY, p)), p).toBeNull();
  });
});
