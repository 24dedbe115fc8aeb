import { describe, expect, it } from "vitest";
import { plainPage } from "@/runtime/render/plain-page";
import { internalPaths } from "./internal-paths";
import { contextFor, DIRECTORY, siteTenant, UNKNOWN } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: internal paths", () => {
  it("answers 404 to the cached and studio internal routes in any spelling, on any host", () => {
    const paths = ["/_cached/http/x/v/cars/a", "/%5Fcached/x", "/%255fcached/x", "/_CACHED", "/_studio", "/%5Fstudio/site/sunshine-chery", "/_Studio/save/x"];
    for (const tenant of [site, DIRECTORY, UNKNOWN])
      for (const p of paths)
        expect(internalPaths(contextFor(tenant, p)), `${tenant.kind} ${p}`).toEqual({
          kind: "answer",
          status: 404,
          body: plainPage("Page not found", "There is no page at this address."),
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
        });
  });

  it("passes on every other path, including the public studio and paths that only contain the words", () => {
    for (const p of ["/", "/cars/x", "/studio", "/studio/sunshine-chery", "/cached/x", "/cars/_cached", "/x/_studio"])
      expect(internalPaths(contextFor(site, p)), p).toBeNull();
  });
});
