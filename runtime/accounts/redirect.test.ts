import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeSitePath } from "./redirect";

describe("safeSitePath (redirect and back of /sign-in)", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeSitePath("/my-garage")).toBe("/my-garage");
    expect(safeSitePath("/personalised/finance?car_id=12#form")).toBe("/personalised/finance?car_id=12#form");
    expect(safeSitePath("/cars/a-b/checkout")).toBe("/cars/a-b/checkout");
  });

  it.each([
    ["https://evil.example/"],
    ["//evil.example/path"],
    ["/\\evil.example"],
    ["/\tevil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    ["my-garage"],
    [""],
    [" /my-garage"],
    ["/%0d%0aSet-Cookie:x"],
  ])("refuses %j", (value) => {
    const out = safeSitePath(value, "/fallback");
    if (value === "/%0d%0aSet-Cookie:x")
      expect(out).toBe("/%0d%0aSet-Cookie:x"); // encoded: a harmless path on this site
    else expect(out).toBe("/fallback");
  });

  it("refuses non-strings and very long values", () => {
    expect(safeSitePath(undefined)).toBe("/");
    expect(safeSitePath(["/a"])).toBe("/");
    expect(safeSitePath("/" + "a".repeat(3000))).toBe("/");
  });

  it.each([["/..//evil.example"], ["/a/..//evil.example"], ["/%2e%2e//evil.example"], ["/.//evil.example"], ["/./%2E.//evil.example/x?y#z"]])(
    "refuses %j, whose normalised form names another host",
    (value) => {
      expect(safeSitePath(value, "/fallback")).toBe("/fallback");
    },
  );

  it("keeps a path whose dot segments resolve on this site", () => {
    expect(safeSitePath("/cars/../my-garage")).toBe("/my-garage");
    expect(safeSitePath("/a/./b/%2e%2e/c")).toBe("/a/c");
  });

  // Paths built from the pieces that confuse URL parsers: dot segments in every spelling, empty
  // segments, slashes and backslashes (plain and encoded), controls, hosts, schemes, query and hash.
  const piece = fc.constantFrom(
    "",
    ".",
    "..",
    "%2e",
    "%2E%2e",
    ".%2e",
    "%2e.",
    "evil.example",
    "a",
    "/",
    "\\",
    "%2f",
    "%5c",
    "\t",
    "%09",
    "@",
    ":",
    "https:",
    "?",
    "#",
    "%",
    "é",
    " ",
  );
  const candidate = fc
    .tuple(fc.constantFrom("/", "//", "\\", "/\\", "", "http://", "/%2f"), fc.array(piece, { maxLength: 12 }))
    .map(([head, parts]) => head + parts.join("/"));

  it("never returns a path a browser would read as another host, and is stable on its own output (property)", () => {
    fc.assert(
      fc.property(candidate, (value) => {
        const out = safeSitePath(value, "/fallback");
        // Resolved as an href on a dealer's page, the answer stays on that dealer's host.
        expect(new URL(out, "https://dealer.example/cars/a-car").host).toBe("dealer.example");
        expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
        expect(out).not.toMatch(/[\\\u0000-\u001f\u007f]/);
        // Checking the answer again changes nothing: it is already in its normalised form.
        expect(safeSitePath(out, "/other")).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
