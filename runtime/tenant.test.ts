import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { minimalManifest, SAMPLE_DEALER_DETAILS } from "../tests/helpers/manifest-fixture";
import { buildSiteStore, type SiteStore } from "./manifest/store";
import { normaliseHost, resolveTenant } from "./tenant";

describe("normaliseHost", () => {
  it("lower-cases", () => {
    expect(normaliseHost("WWW.Sunshinechery.COM.au")).toBe("www.sunshinechery.com.au");
  });

  it("strips the port", () => {
    expect(normaliseHost("alpha.localhost:3000")).toBe("alpha.localhost");
    expect(normaliseHost("localhost:80")).toBe("localhost");
  });

  it("strips a trailing dot, with or without a port", () => {
    expect(normaliseHost("www.alpha.com.au.")).toBe("www.alpha.com.au");
    expect(normaliseHost("www.alpha.com.au.:443")).toBe("www.alpha.com.au");
  });

  it("keeps an IPv6 literal whole and strips only its port", () => {
    expect(normaliseHost("[::1]:3000")).toBe("[::1]");
    expect(normaliseHost("[::1]")).toBe("[::1]");
    expect(normaliseHost("[2001:DB8::1]:8080")).toBe("[2001:db8::1]");
  });

  it("trims whitespace and gives '' for no host", () => {
    expect(normaliseHost("  alpha.com.au ")).toBe("alpha.com.au");
    expect(normaliseHost(null)).toBe("");
    expect(normaliseHost(undefined)).toBe("");
    expect(normaliseHost("")).toBe("");
  });
});

describe("resolveTenant", () => {
  let dir: string;
  let store: SiteStore;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "tenant-"));
    const alpha = minimalManifest("alpha");
    alpha.hosts = ["www.alpha.com.au", "alpha.com.au"];
    const beta = minimalManifest("beta");
    delete beta.name; // invalid
    writeFileSync(path.join(dir, "alpha.json"), JSON.stringify(alpha));
    writeFileSync(path.join(dir, "beta.json"), JSON.stringify(beta));
    const gamma = minimalManifest("gamma");
    gamma.dealerships[0].id = gamma.locations[0].dealership_id = 3; // its own dealership: two sites may not list one unasked
    writeFileSync(path.join(dir, "gamma.json"), JSON.stringify(gamma));
    store = buildSiteStore(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => vi.unstubAllEnvs());

  it("picks the dealer by one of its listed hosts, whatever the case and port", () => {
    expect(resolveTenant("www.alpha.com.au", store)).toMatchObject({ kind: "site", slug: "alpha" });
    expect(resolveTenant("ALPHA.com.au:443", store)).toMatchObject({ kind: "site", slug: "alpha" });
  });

  it("gives the site's manifest", () => {
    const t = resolveTenant("alpha.com.au", store);
    expect(t.kind === "site" && t.manifest.name).toBe("Test Dealer");
  });

  it("picks the dealer by {slug}.localhost, with a port", () => {
    expect(resolveTenant("alpha.localhost:3000", store)).toMatchObject({ kind: "site", slug: "alpha" });
    expect(resolveTenant("gamma.localhost", store)).toMatchObject({ kind: "site", slug: "gamma" });
  });

  it("does not treat a.b.localhost as a dealer", () => {
    expect(resolveTenant("x.alpha.localhost", store)).toEqual({ kind: "unknown", host: "x.alpha.localhost" });
    expect(resolveTenant("alpha.gamma.localhost:3000", store)).toMatchObject({ kind: "unknown" });
  });

  it("gives an unknown host 'unknown', never another dealer", () => {
    expect(resolveTenant("evil.example.com", store)).toEqual({ kind: "unknown", host: "evil.example.com" });
    expect(resolveTenant("nosuch.localhost", store)).toEqual({ kind: "unknown", host: "nosuch.localhost" });
    expect(resolveTenant("alpha.com.au.evil.com", store)).toMatchObject({ kind: "unknown" });
    expect(resolveTenant("", store)).toMatchObject({ kind: "unknown" });
    expect(resolveTenant(null, store)).toMatchObject({ kind: "unknown" });
  });

  it("gives an invalid manifest's hosts 'unavailable'", () => {
    expect(resolveTenant("www.beta.com.au", store)).toEqual({ kind: "unavailable", slug: "beta" });
    expect(resolveTenant("beta.localhost:3000", store)).toEqual({ kind: "unavailable", slug: "beta" });
  });

  it("serves the directory on localhost, 127.0.0.1 and [::1]", () => {
    vi.stubEnv("SITE_DIRECTORY", "");
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000", "LOCALHOST."])
      expect(resolveTenant(host, store)).toEqual({ kind: "directory" });
  });

  it("does not serve the directory when SITE_DIRECTORY=off", () => {
    vi.stubEnv("SITE_DIRECTORY", "off");
    expect(resolveTenant("localhost:3000", store)).toEqual({ kind: "unknown", host: "localhost" });
  });

  it("still serves sites when SITE_DIRECTORY=off", () => {
    vi.stubEnv("SITE_DIRECTORY", "off");
    expect(resolveTenant("alpha.localhost:3000", store)).toMatchObject({ kind: "site", slug: "alpha" });
  });
});

describe("resolveTenant: draft previews", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tenant-drafts-"));
  const empty: SiteStore = { sites: [], bySlug: new Map(), byHost: new Map(), version: "" };
  beforeAll(async () => {
    const { cpSync, mkdirSync } = await import("node:fs");
    const { scaffoldText } = await import("./manifest/scaffold");
    cpSync(path.join(process.cwd(), "manifests", "templates"), path.join(dir, "templates"), { recursive: true });
    mkdirSync(path.join(dir, "drafts"));
    writeFileSync(
      path.join(dir, "drafts", "coast-chery.json"),
      scaffoldText({ name: "Coast Chery", kind: "franchise", brand: "Chery", dealershipId: 9901, ...SAMPLE_DEALER_DETAILS }),
    );
    writeFileSync(path.join(dir, "drafts", "broken.json"), '{\n  "slug": "broken",\n}\n');
    vi.stubEnv("MANIFESTS_DIR", dir);
  });
  afterEach(() => vi.unstubAllEnvs());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("serves a draft on its preview host only, marked as a preview; one with errors is unavailable there", () => {
    vi.stubEnv("MANIFESTS_DIR", dir);
    expect(resolveTenant("coast-chery.preview.localhost:3000", empty)).toMatchObject({ kind: "site", slug: "coast-chery", preview: "coast-chery" });
    expect(resolveTenant("broken.preview.localhost", empty)).toEqual({ kind: "unavailable", slug: "broken", preview: "broken" });
    expect(resolveTenant("nothing.preview.localhost", empty)).toEqual({ kind: "unknown", host: "nothing.preview.localhost" });
    // Never on a dealer host: the draft's slug and hosts are not in the store.
    expect(resolveTenant("coast-chery.localhost", empty).kind).toBe("unknown");
    expect(resolveTenant("www.coastchery.com.au", empty).kind).toBe("unknown");
  });

  it("has no previews where the directory is off (production)", () => {
    vi.stubEnv("MANIFESTS_DIR", dir);
    vi.stubEnv("SITE_DIRECTORY", "off");
    expect(resolveTenant("coast-chery.preview.localhost", empty).kind).toBe("unknown");
  });
});
