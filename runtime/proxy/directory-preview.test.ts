import { describe, expect, it } from "vitest";
import { directoryPreview } from "./directory-preview";
import { contextFor, DIRECTORY, siteTenant } from "./test-fixtures";

// Loaded while the file is imported, outside any test's time limit.
const site = siteTenant();

describe("gate: the directory's /preview/{draft}", () => {
  it("redirects (307) to the draft's own preview host on the same port, keeping the path and query", () => {
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/coast-chery"))).toEqual({
      kind: "redirect",
      location: "http://coast-chery.preview.localhost:3000/",
      status: 307,
    });
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/coast-chery/cars/x?colour=White"))).toMatchObject({
      location: "http://coast-chery.preview.localhost:3000/cars/x?colour=White",
    });
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/coast-chery", { host: "localhost" }))).toMatchObject({
      location: "http://coast-chery.preview.localhost/",
    });
  });

  it("takes the port of the forwarded host", () => {
    expect(directoryPreview(contextFor(DIRECTORY, "/preview/a", { host: "127.0.0.1:3000", headers: { "x-forwarded-host": "localhost:3101" } }))).toMatchObject({
      location: "http://a.preview.localhost:3101/",
    });
  });

  it("passes on names that cannot be drafts, other paths, and /preview on a dealer's host", () => {
    for (const p of ["/preview", "/preview/", "/preview/Coast", "/preview/a.b", "/previews/a", "/"])
      expect(directoryPreview(contextFor(DIRECTORY, p)), p).toBeNull();
    expect(directoryPreview(contextFor(site, "/preview/coast-chery"))).toBeNull();
  });
});
