import { describe, expect, it } from "vitest";
import { INTERNAL_SEGMENT, internalPath, isInternalPath, keyFromParams, keyHost, keyProto, originOf, rootKeyFromParams } from "./internal-path";

describe("isInternalPath: the cached route is never reachable from outside", () => {
  it.each([
    "/_cached",
    "/_cached/",
    "/_cached/https/www.sunshinechery.com.au/abc-def/cars/x",
    "//_cached/http/h/v/cars/x",
    "/%5Fcached/http/h/v/cars/x",
    "/%5fcached/http/h/v/cars/x",
    "/%255Fcached/http/h/v/cars/x",
    "/_CACHED/http/h/v/cars/x",
    "/_Cached",
  ])("%s is internal", (p) => {
    expect(isInternalPath(p)).toBe(true);
  });

  it.each(["/", "/cars/_cached", "/_cachedx", "/cached", "/search/_cached", "/api/revalidate", "/%E0%A4%A"])("%s is not", (p) => {
    expect(isInternalPath(p)).toBe(false);
  });
});

describe("keyHost and keyProto", () => {
  it("lower-cases, keeps the port, drops a trailing dot", () => {
    expect(keyHost("Sunshine-Chery.localhost:3000")).toBe("sunshine-chery.localhost:3000");
    expect(keyHost("www.SunshineChery.com.au.")).toBe("www.sunshinechery.com.au");
    expect(keyHost("www.sunshinechery.com.au.:443")).toBe("www.sunshinechery.com.au:443");
  });

  it("refuses anything that is not a plain DNS name (those pages are rendered per request)", () => {
    for (const h of [null, "", "[::1]:3000", "user@host", "a/b", "a b", "-bad.example", "x".repeat(300), "host:123456", "a..b"])
      expect(keyHost(h), String(h)).toBeNull();
  });

  it("takes https only when the first forwarded value says so", () => {
    expect(keyProto("https")).toBe("https");
    expect(keyProto("HTTPS, http")).toBe("https");
    expect(keyProto("http")).toBe("http");
    expect(keyProto(null)).toBe("http");
    expect(keyProto("javascript")).toBe("http");
  });
});

describe("internalPath and keyFromParams", () => {
  const key = { proto: "https" as const, host: "sunshine-chery.localhost:3000", version: "abc123-def456", pathname: "/cars/2021-mg-zs-abc123" };

  it("puts host, protocol and version before the dealer path", () => {
    expect(internalPath(key)).toBe(`/${INTERNAL_SEGMENT}/https/sunshine-chery.localhost%3A3000/abc123-def456/cars/2021-mg-zs-abc123`);
  });

  it("round-trips through the params Next decodes from the path", () => {
    const segments = internalPath(key).split("/").slice(2).map(decodeURIComponent);
    const [proto, host, version, ...path] = segments;
    expect(keyFromParams({ proto, host, version, path })).toEqual(key);
    expect(originOf(key)).toBe("https://sunshine-chery.localhost:3000");
  });

  it("gives different paths to different hosts, protocols and versions of the same dealer path", () => {
    const paths = new Set(
      [
        key,
        { ...key, host: "harbour-motor-group.localhost:3000" },
        { ...key, host: "sunshine-chery.localhost:3001" },
        { ...key, proto: "http" as const },
        { ...key, version: "abc123-000000" },
      ].map(internalPath),
    );
    expect(paths.size).toBe(5);
  });

  it("re-encodes path segments as the per-request page does", () => {
    expect(keyFromParams({ proto: "http", host: "a.localhost", version: "v-1", path: ["cars", "a b"] })?.pathname).toBe("/cars/a%20b");
  });

  it("refuses params the proxy would never write", () => {
    const ok = { proto: "http", host: "a.localhost", version: "v-1", path: ["cars", "x"] };
    expect(keyFromParams(ok)).not.toBeNull();
    expect(keyFromParams({ ...ok, proto: "ftp" })).toBeNull();
    expect(keyFromParams({ ...ok, host: "A.localhost" })).toBeNull();
    expect(keyFromParams({ ...ok, host: "evil/host" })).toBeNull();
    expect(keyFromParams({ ...ok, host: undefined })).toBeNull();
    expect(keyFromParams({ ...ok, version: "../x" })).toBeNull();
  });

  it("reads the route's root (no dealer path) as the home page, and writes the home page there", () => {
    const root = { proto: "http", host: "a.localhost", version: "v-1" };
    expect(keyFromParams(root)?.pathname).toBe("/");
    expect(keyFromParams({ ...root, path: [] })?.pathname).toBe("/");
    expect(internalPath({ ...root, proto: "http", pathname: "/" })).toBe(`/${INTERNAL_SEGMENT}/http/a.localhost/v-1`);
    expect(keyFromParams({ ...root, path: undefined })).toEqual({ ...root, pathname: "/" });
  });
});

describe("rootKeyFromParams", () => {
  it("checks the root params alone (the cached route's layout and not-found)", () => {
    expect(rootKeyFromParams({ proto: "https", host: "www.example.com.au", version: "a-b" })).toEqual({
      proto: "https",
      host: "www.example.com.au",
      version: "a-b",
    });
    expect(rootKeyFromParams({ proto: "https", host: "www.example.com.au" })).toBeNull();
  });
});
