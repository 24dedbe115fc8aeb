import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSiteStore } from "@/runtime/manifest/store";
import { resolveTenant, type Tenant } from "@/runtime/tenant";
import { redirectHost } from "./redirect-host";
import { runGates } from "./run";
import { contextFor, DIRECTORY, siteTenant, UNKNOWN } from "./test-fixtures";

// The sample dealers, read once while the file is imported (outside any test's time limit).
const store = buildSiteStore(path.resolve(import.meta.dirname, "../../manifests"));
const site = siteTenant();
const harbour: Tenant = { kind: "redirect", slug: "harbour-motor-group", to: "www.harbourmotorgroup.com.au" };

describe("redirect hosts: tenancy", () => {
  it("a sample dealer's bare domain resolves to a redirect to its first host", () => {
    expect(resolveTenant("harbourmotorgroup.com.au", store)).toEqual(harbour);
    expect(resolveTenant("HarbourMotorGroup.com.au.:443", store)).toEqual(harbour);
  });

  it("its served host still picks the site, and an unlisted domain stays unknown", () => {
    expect(resolveTenant("www.harbourmotorgroup.com.au", store)).toMatchObject({ kind: "site", slug: "harbour-motor-group" });
    expect(resolveTenant("harbourmotorgroup.net.au", store)).toEqual({ kind: "unknown", host: "harbourmotorgroup.net.au" });
  });
});

describe("gate: redirect host", () => {
  it("answers 308 to the first host with the same path and query, on the scheme and port the request came in on", () => {
    expect(redirectHost(contextFor(harbour, "/cars/used?make=kia&page=2", { host: "harbourmotorgroup.com.au" }))).toEqual({
      kind: "redirect",
      location: "http://www.harbourmotorgroup.com.au/cars/used?make=kia&page=2",
      status: 308,
    });
    expect(redirectHost(contextFor(harbour, "/finance", { host: "harbourmotorgroup.com.au:3451", headers: { "x-forwarded-proto": "https" } }))).toEqual({
      kind: "redirect",
      location: "https://www.harbourmotorgroup.com.au:3451/finance",
      status: 308,
    });
  });

  it("a path that looks like another host stays on the dealer's host", () => {
    const d = redirectHost(contextFor(harbour, "//evil.example/x", { host: "harbourmotorgroup.com.au" }));
    expect(d).toMatchObject({ kind: "redirect", status: 308 });
    expect(new URL((d as { location: string }).location).host).toBe("www.harbourmotorgroup.com.au");
  });

  it("never redirects to a target that is not a plain host name", () => {
    for (const to of ["evil.example/path", "user@evil.example", "evil.example:8080", "", "-bad.example", "a..b"]) {
      expect(redirectHost(contextFor({ kind: "redirect", slug: "x", to }, "/", { host: "x.com.au" })), to).toMatchObject({ kind: "answer", status: 404 });
    }
  });

  it("passes on every other tenant", () => {
    for (const tenant of [site, DIRECTORY, UNKNOWN]) expect(redirectHost(contextFor(tenant, "/")), tenant.kind).toBeNull();
  });

  it("runs before the unknown host's 404 and the dealer's pages in the gates' order, after the internal paths", () => {
    expect(runGates(contextFor(harbour, "/about?x=1", { host: "harbourmotorgroup.com.au" }))).toEqual({
      kind: "redirect",
      location: "http://www.harbourmotorgroup.com.au/about?x=1",
      status: 308,
    });
    expect(runGates(contextFor(harbour, "/_cached/x", { host: "harbourmotorgroup.com.au" }))).toMatchObject({ kind: "answer", status: 404 });
  });
});
