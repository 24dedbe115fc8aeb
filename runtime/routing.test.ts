import { describe, expect, it } from "vitest";
import { matchPattern, matchRoute } from "./routing";

describe("matchPattern", () => {
  it("matches the root pattern only at the root", () => {
    expect(matchPattern("/", "/")).toEqual({});
    expect(matchPattern("/", "/about-us")).toBeNull();
  });

  it("matches a static pattern exactly", () => {
    expect(matchPattern("/about-us", "/about-us")).toEqual({});
    expect(matchPattern("/about-us", "/about")).toBeNull();
    expect(matchPattern("/about-us", "/about-us/team")).toBeNull();
    expect(matchPattern("/about-us/team", "/about-us")).toBeNull();
  });

  it("binds one segment for [param]", () => {
    expect(matchPattern("/cars/[slug]", "/cars/2023-chery-tiggo-7")).toEqual({ slug: "2023-chery-tiggo-7" });
  });

  it("requires exactly one segment for [param]", () => {
    expect(matchPattern("/cars/[slug]", "/cars")).toBeNull();
    expect(matchPattern("/cars/[slug]", "/cars/a/b")).toBeNull();
  });

  it("decodes %-escapes in a bound segment", () => {
    expect(matchPattern("/cars/[slug]", "/cars/t%C3%A9st%20car")).toEqual({ slug: "tést car" });
  });

  it("binds one or more segments for [...rest]", () => {
    expect(matchPattern("/blog/[...rest]", "/blog/2025/07/eofy")).toEqual({ rest: ["2025", "07", "eofy"] });
    expect(matchPattern("/blog/[...rest]", "/blog/one")).toEqual({ rest: ["one"] });
  });

  it("does not match [...rest] with no segments", () => {
    expect(matchPattern("/blog/[...rest]", "/blog")).toBeNull();
  });

  it("binds zero or more segments for [[...optional]]", () => {
    expect(matchPattern("/search/[[...facets]]", "/search")).toEqual({ facets: [] });
    expect(matchPattern("/search/[[...facets]]", "/search/new-cars")).toEqual({ facets: ["new-cars"] });
    expect(matchPattern("/search/[[...facets]]", "/search/make-chery/body-suv")).toEqual({ facets: ["make-chery", "body-suv"] });
  });

  it("checks the static prefix before a catch-all", () => {
    expect(matchPattern("/search/[[...facets]]", "/stock/new")).toBeNull();
  });

  it("combines [param] and a static segment", () => {
    expect(matchPattern("/[brand]/overview", "/chery/overview")).toEqual({ brand: "chery" });
    expect(matchPattern("/[brand]/overview", "/chery/models")).toBeNull();
  });
});

describe("matchRoute", () => {
  const patterns = ["/", "/about-us", "/cars/[slug]", "/search/[[...facets]]"];

  it("returns the matching pattern and its params", () => {
    expect(matchRoute(patterns, "/cars/abc")).toEqual({ pattern: "/cars/[slug]", params: { slug: "abc" } });
  });

  it("returns null when no pattern matches", () => {
    expect(matchRoute(patterns, "/nowhere")).toBeNull();
  });

  it("tries patterns in the order listed: the first match wins", () => {
    expect(matchRoute(["/cars/[slug]", "/cars/compare"], "/cars/compare")?.pattern).toBe("/cars/[slug]");
    expect(matchRoute(["/cars/compare", "/cars/[slug]"], "/cars/compare")?.pattern).toBe("/cars/compare");
  });

  it("lets an earlier catch-all shadow later patterns", () => {
    expect(matchRoute(["/[[...all]]", "/about-us"], "/about-us")?.pattern).toBe("/[[...all]]");
  });

  it("treats a trailing slash as the same page", () => {
    expect(matchRoute(patterns, "/about-us/")?.pattern).toBe("/about-us");
    expect(matchRoute(patterns, "/about-us//")?.pattern).toBe("/about-us");
    expect(matchRoute(patterns, "/cars/abc/")).toEqual({ pattern: "/cars/[slug]", params: { slug: "abc" } });
    expect(matchRoute(patterns, "/search/")).toEqual({ pattern: "/search/[[...facets]]", params: { facets: [] } });
  });

  it("matches the root with or without extra slashes", () => {
    expect(matchRoute(patterns, "/")?.pattern).toBe("/");
    expect(matchRoute(patterns, "//")?.pattern).toBe("/");
  });

  it("does not throw on undecodable %-sequences, and does not match them", () => {
    expect(() => matchRoute(patterns, "/cars/%E0%A4%A")).not.toThrow();
    expect(matchRoute(patterns, "/cars/%E0%A4%A")).toBeNull();
    expect(matchRoute(patterns, "/search/%")).toBeNull();
    expect(matchRoute(["/about-us"], "/%ZZ")).toBeNull();
  });
});
