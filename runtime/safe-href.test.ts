import { describe, expect, it } from "vitest";
import { safeHref, safeRedirectPath } from "./safe-href";

describe("safeHref", () => {
  it.each([
    "/",
    "/about-us",
    "/search/new-cars?make=chery#results",
    "#finance",
    "https://www.chery.com.au/",
    "http://example.com",
    "tel:0730001234",
    "mailto:sales@example.com.au",
    "sms:0400000000",
  ])("accepts %j", (href) => {
    expect(safeHref(href)).toBe(href);
  });

  it("accepts schemes in any case", () => {
    expect(safeHref("HTTPS://example.com")).toBe("HTTPS://example.com");
  });

  it("trims surrounding whitespace", () => {
    expect(safeHref("  /about-us ")).toBe("/about-us");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "  javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ])("refuses the scheme in %j", (href) => {
    expect(safeHref(href)).toBeNull();
  });

  it.each(["//evil.example", "//evil.example/path", "/\\evil.example", " //evil.example"])("refuses the protocol-relative %j", (href) => {
    expect(safeHref(href)).toBeNull();
  });

  it("refuses relative paths that are not site paths", () => {
    expect(safeHref("about-us")).toBeNull();
    expect(safeHref("evil.example")).toBeNull();
  });

  it("gives null for no href", () => {
    expect(safeHref("")).toBeNull();
    expect(safeHref(null)).toBeNull();
    expect(safeHref(undefined)).toBeNull();
  });

  it.each(["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example"])(
    "refuses %j, which browsers read as //evil.example (URL parsing drops tabs and newlines)",
    (href) => {
      expect(safeHref(href)).toBeNull();
    },
  );
});

describe("safeRedirectPath", () => {
  it("keeps a path on this site", () => {
    expect(safeRedirectPath("/success")).toBe("/success");
    expect(safeRedirectPath("/cars/abc?x=1#top")).toBe("/cars/abc?x=1#top");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "success", ""])("falls back to / for %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });

  it("uses the fallback given", () => {
    expect(safeRedirectPath(null, "/contact")).toBe("/contact");
    expect(safeRedirectPath("//evil.example", "/contact")).toBe("/contact");
  });

  it.each(["/\t/evil.example", "/\n/evil.example"])("falls back for %j, which browsers read as //evil.example", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });
});
