import { describe, expect, it } from "vitest";
import { plainPage } from "@/runtime/render/plain-page";
import { unavailable } from "./unavailable";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: unavailable dealer", () => {
  it("answers 'site unavailable' (503, retry in a minute, not cached) for a dealer with no valid manifest", () => {
    expect(unavailable(contextFor(UNAVAILABLE, "/cars/x", { host: "broken-dealer.localhost:3000" }))).toEqual({
      kind: "answer",
      status: 503,
      body: plainPage("Site unavailable", "This website is temporarily unavailable. Please try again soon."),
      headers: { "content-type": "text/html; charset=utf-8", "retry-after": "60", "cache-control": "no-store" },
    });
  });

  it("passes on a dealer and the directory", () => {
    for (const tenant of [site, DIRECTORY]) expect(unavailable(contextFor(tenant, "/")), tenant.kind).toBeNull();
  });
});
