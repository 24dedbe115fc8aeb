import { describe, expect, it } from "vitest";
import { plainPage } from "@/runtime/render/plain-page";
import { directoryOnly } from "./directory-only";
import { contextFor, DIRECTORY, siteTenant } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: the directory host's own paths", () => {
  it("answers 404 pointing at the list for any other path on the directory host", () => {
    for (const p of ["/about", "/cars/x", "/blocks/hero/x", "/blocks/Hero", "/api/leads", "/studio/a/b/c"])
      expect(directoryOnly(contextFor(DIRECTORY, p)), p).toEqual({
        kind: "answer",
        status: 404,
        body: plainPage("Site not found", "Open a dealer site from the list at /."),
        headers: { "content-type": "text/html; charset=utf-8" },
      });
  });

  it("passes on the list, the block catalogue and /api/revalidate, and every path on a dealer's host", () => {
    for (const p of ["/", "/blocks", "/blocks/hero", "/api/revalidate"]) expect(directoryOnly(contextFor(DIRECTORY, p)), p).toBeNull();
    expect(directoryOnly(contextFor(site, "/about"))).toBeNull();
  });
});
