import { describe, expect, it } from "vitest";
import { plainPage } from "@/runtime/render/plain-page";
import { unknownHost } from "./unknown-host";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE, UNKNOWN } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: unknown host", () => {
  it("answers 'site not found' (404, not cached) on a host that picks no dealer, whatever the path", () => {
    for (const p of ["/", "/cars/2021-mg-zs-abc123", "/api/leads", "/studio"])
      expect(unknownHost(contextFor(UNKNOWN, p, { host: "www.not-a-dealer.example" })), p).toEqual({
        kind: "answer",
        status: 404,
        body: plainPage("Site not found", "There is no dealer website at this address."),
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
  });

  it("passes on a dealer, the directory and an unavailable dealer", () => {
    for (const tenant of [site, DIRECTORY, UNAVAILABLE]) expect(unknownHost(contextFor(tenant, "/")), tenant.kind).toBeNull();
  });
});
