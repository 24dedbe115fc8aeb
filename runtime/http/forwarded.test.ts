import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { forwardedProto, normaliseHostHeader, pathIsClean, sanitiseRequest, trustFromEnv } from "./forwarded.mjs";

function req(url: string, headers: Record<string, string>, peer = "203.0.113.7"): IncomingMessage {
  return { url, headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}
const opts = (trust = "") => ({ trust: trustFromEnv(trust), ports: [3000], newId: () => "generated-id-1234" });

describe("trustFromEnv (TRUST_PROXY)", () => {
  it("trusts nobody when unset, and the listed addresses, ranges and names otherwise", () => {
    expect(trustFromEnv(undefined)("127.0.0.1", 0)).toBe(false);
    expect(trustFromEnv("")("10.0.0.1", 0)).toBe(false);
    const t = trustFromEnv("loopback, 10.0.0.0/8");
    expect(t("127.0.0.1", 0)).toBe(true);
    expect(t("::1", 0)).toBe(true);
    expect(t("10.1.2.3", 0)).toBe(true);
    expect(t("203.0.113.7", 0)).toBe(false);
  });
});

describe("normaliseHostHeader", () => {
  it("lower-cases, drops a trailing dot and the scheme's default port", () => {
    expect(normaliseHostHeader("Sunshine-Chery.LOCALHOST.:80", "http", [])).toEqual({ host: "sunshine-chery.localhost" });
    expect(normaliseHostHeader("www.example.com.au:443", "https", [])).toEqual({ host: "www.example.com.au" });
    expect(normaliseHostHeader("a.localhost:3000", "http", [3000])).toEqual({ host: "a.localhost:3000" });
  });
  it("refuses a port the server does not serve, and malformed hosts", () => {
    expect(normaliseHostHeader("a.localhost:3999", "http", [3000])).toEqual({ error: "port" });
    expect(normaliseHostHeader("www.example.com.au:443", "http", [])).toEqual({ error: "port" });
    for (const bad of ["", "a b", "a/b", "a\r\nb", "x".repeat(300), "a.localhost:99999999"])
      expect(normaliseHostHeader(bad, "http", [3000])).toEqual({ error: "malformed" });
  });
});

describe("forwardedProto and pathIsClean", () => {
  it("takes only http or https", () => {
    expect(forwardedProto("https")).toBe("https");
    expect(forwardedProto("HTTP, https")).toBe("http");
    expect(forwardedProto("javascript")).toBeNull();
    expect(forwardedProto("")).toBeNull();
  });
  it("refuses paths that do not percent-decode or hold control characters", () => {
    expect(pathIsClean("/cars/abc?x=%ZZ")).toBe(true);
    for (const bad of ["/%ff", "/cars/%ZZ", "/api/cars/%ZZ/view.json", "/api/search/1/indexes/%ZZ/query", "/a%00b", "/a%0d%0ab", "/" + "a".repeat(5000)])
      expect(pathIsClean(bad), bad).toBe(false);
  });
});

describe("sanitiseRequest", () => {
  it("ignores X-Forwarded-* from a peer that is not a trusted proxy", () => {
    const r = req("/", {
      host: "a.localhost:3000",
      "x-forwarded-for": "1.2.3.4",
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
      "x-request-id": "client-chosen-id",
    });
    expect(sanitiseRequest(r, opts())).toBeNull();
    expect(r.headers).toMatchObject({
      "x-forwarded-for": "203.0.113.7",
      "x-forwarded-proto": "http",
      host: "a.localhost:3000",
      "x-forwarded-host": "a.localhost:3000",
    });
    expect(r.headers["x-request-id"]).toBe("generated-id-1234");
  });
  it("takes the client, scheme, host and request id from a trusted proxy", () => {
    const r = req(
      "/",
      {
        host: "10.0.0.5:3000",
        "x-forwarded-for": "1.2.3.4, 198.51.100.9",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "WWW.Example.com.au",
        "x-request-id": "lb-0123456789",
      },
      "10.0.0.2",
    );
    expect(sanitiseRequest(r, opts("10.0.0.0/8"))).toBeNull();
    expect(r.headers).toMatchObject({
      "x-forwarded-for": "198.51.100.9",
      "x-forwarded-proto": "https",
      host: "www.example.com.au",
      "x-request-id": "lb-0123456789",
    });
  });
  it("refuses an unreadable path (400), a scheme other than http/https from a proxy (400) and an unserved port (421)", () => {
    expect(sanitiseRequest(req("/%ff", { host: "a.localhost:3000" }), opts())?.status).toBe(400);
    expect(sanitiseRequest(req("/", { host: "a.localhost", "x-forwarded-proto": "https, http" }, "127.0.0.1"), opts("loopback"))).toBeNull();
    expect(sanitiseRequest(req("/", { host: "a.localhost", "x-forwarded-proto": "gopher" }, "127.0.0.1"), opts("loopback"))?.status).toBe(400);
    expect(sanitiseRequest(req("/", { host: "a.localhost:4444" }), opts())?.status).toBe(421);
    expect(sanitiseRequest(req("/", { host: "a\u0000b" }), opts())?.status).toBe(400);
  });
});
