import { describe, expect, it } from "vitest";
import { directoryPreview } from "./directory-preview";
import { contextFor, DIRECTORY, siteTenant } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: the directory's /preview/{draft}", () => {
  it("redirects (307) through the studio's preview path (which lets in an editor of the draft only), keeping the path and query", () => {
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/coast-chery"))).toEqual({
      kind: "redirect",
      location: "http://localhost:3000/studio/preview/coast-chery/",
      status: 307,
    });
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/coast-chery/cars/x?colour=White"))).toMatchObject({
      location: "http://localhost:3000/studio/preview/coast-chery/cars/x?colour=White",
    });
  });

  it("passes on names that cannot be drafts, other paths, and /preview on a dealer's host", () => {
    for (const p of ["/preview", "/preview/", "/preview/Coast", "/preview/a.b", "/previews/a", "/"])
      expect(directoryPreview(contextFor(DIRECTORY, p)), p).toBeNull();
    expect(directoryPreview(contextFor(site, "/preview/coast-chery"))).toBeNull();
  });
});
