import { describe, expect, it } from "vitest";
import { previewNoindex } from "./preview-noindex";
import { contextFor, DIRECTORY, siteTenant, UNAVAILABLE } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: a draft's preview", () => {
  it("lets the preview through, unindexed and without the page cache's rewrite", () => {
    for (const p of ["/", "/cars/2021-mg-zs-abc123"])
      expect(previewNoindex(contextFor(siteTenant("sunshine-chery", "coast-chery"), p, { host: "coast-chery.preview.localhost:3000" })), p).toEqual({
        kind: "next",
        headers: { "x-robots-tag": "noindex" },
      });
  });

  it("passes on a live dealer, an unavailable dealer and the directory", () => {
    for (const tenant of [site, UNAVAILABLE, DIRECTORY]) expect(previewNoindex(contextFor(tenant, "/")), tenant.kind).toBeNull();
  });
});
