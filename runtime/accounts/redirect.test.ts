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
});
