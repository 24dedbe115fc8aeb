import { afterEach, describe, expect, it, vi } from "vitest";
import { studioSignInPage } from "@/runtime/studio/access";
import { studio } from "./studio";
import { contextFor, DIRECTORY, siteTenant, UNKNOWN } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

afterEach(() => vi.unstubAllEnvs());

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

  it("answers the sign-in page (401) without the secret, except for the sign-in form itself", () => {
    vi.stubEnv("STUDIO_SECRET", "s3cret");
    for (const p of ["/studio", "/studio/sunshine-chery", "/studio/templates/franchise/save"])
      expect(studio(contextFor(DIRECTORY, p)), p).toEqual({
        kind: "answer",
        status: 401,
        body: studioSignInPage(),
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    expect(studio(contextFor(DIRECTORY, "/studio/sign-in", { method: "POST" }))).toEqual(rewrite("/_studio/sign-in", "http://*.preview.localhost:3000"));
    expect(studio(contextFor(DIRECTORY, "/studio", { headers: { cookie: "studio-secret=s3cret" } }))).toEqual(
      rewrite("/_studio", "http://*.preview.localhost:3000"),
    );
    expect(studio(contextFor(DIRECTORY, "/studio", { headers: { cookie: "studio-secret=wrong" } }))).toMatchObject({ status: 401 });
  });

  it("passes on /studio on a dealer's host (the dealer's own path) and other directory paths", () => {
    vi.stubEnv("STUDIO_SECRET", "s3cret");
    expect(studio(contextFor(site, "/studio", { host: "sunshine-chery.localhost:3000" }))).toBeNull();
    expect(studio(contextFor(UNKNOWN, "/studio"))).toBeNull();
    for (const p of ["/", "/studios", "/studio/a/b/c", "/blocks"]) expect(studio(contextFor(DIRECTORY, p)), p).toBeNull();
  });
});
