import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { minimalManifest } from "../../tests/helpers/manifest-fixture";
import { buildSiteStore, listManifestFiles } from "./store";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempManifests(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "store-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "templates"));
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return dir;
}

function dealer(slug: string, edit?: (m: Record<string, any>) => void) {
  const m = minimalManifest(slug);
  edit?.(m);
  return m;
}

const status = (dir: string) => Object.fromEntries(buildSiteStore(dir).sites.map((s) => [path.basename(s.file), s.status]));

describe("buildSiteStore", () => {
  it("loads every manifest of the folder, in file name order, ignoring templates and other files", () => {
    const dir = tempManifests({ "b.json": dealer("beta"), "a.json": dealer("alpha"), "notes.txt": "x", "templates/base.json": {} });
    expect(listManifestFiles(dir).map((f) => path.basename(f))).toEqual(["a.json", "b.json"]);
    const store = buildSiteStore(dir);
    expect(store.sites.map((s) => [s.slug, s.status])).toEqual([
      ["alpha", "ok"],
      ["beta", "ok"],
    ]);
  });

  it("indexes ok sites by slug and by their (lower-case) hosts", () => {
    const store = buildSiteStore(tempManifests({ "a.json": dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au", "alpha.com.au"])) }));
    expect(store.bySlug.get("alpha")?.status).toBe("ok");
    expect(store.byHost.get("alpha.com.au")?.slug).toBe("alpha");
    expect(store.byHost.get("www.alpha.com.au")?.slug).toBe("alpha");
  });

  it("marks one invalid manifest 'invalid' with its problems while the others stay 'ok'", () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta", (m) => delete m.name), "c.json": dealer("gamma") });
    const store = buildSiteStore(dir);
    expect(status(dir)).toEqual({ "a.json": "ok", "b.json": "invalid", "c.json": "ok" });
    const beta = store.bySlug.get("beta");
    expect(beta?.status).toBe("invalid");
    if (beta?.status !== "invalid") return;
    expect(beta.problems).toEqual([expect.objectContaining({ pointer: "/name", message: "missing required property 'name'" })]);
    // its hosts still point at it, so they answer 503 rather than 404
    expect(store.byHost.get("www.beta.com.au")).toBe(beta);
  });

  it("keeps a manifest with malformed JSON in the store as invalid, by file name", () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "broken.json": '{ "slug": ' });
    const store = buildSiteStore(dir);
    expect(store.bySlug.get("broken")?.status).toBe("invalid");
    expect(store.bySlug.get("alpha")?.status).toBe("ok");
  });

  it("marks the later file invalid when two manifests use the same slug", () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("alpha", (m) => (m.hosts = ["other.com.au"])) });
    const store = buildSiteStore(dir);
    expect(status(dir)).toEqual({ "a.json": "ok", "b.json": "invalid" });
    const later = store.sites[1];
    if (later.status !== "invalid") throw new Error("expected invalid");
    expect(later.problems).toEqual([
      expect.objectContaining({ pointer: "/slug", source: "unique-hosts", message: expect.stringContaining("slug 'alpha' is already used by") }),
    ]);
    expect(store.bySlug.get("alpha")?.status).toBe("ok");
  });

  it("marks the later file invalid when two manifests list the same host, and the host keeps its first owner", () => {
    const dir = tempManifests({
      "a.json": dealer("alpha", (m) => (m.hosts = ["shared.com.au"])),
      "b.json": dealer("beta", (m) => (m.hosts = ["beta.com.au", "shared.com.au"])),
    });
    const store = buildSiteStore(dir);
    expect(status(dir)).toEqual({ "a.json": "ok", "b.json": "invalid" });
    const later = store.sites[1];
    if (later.status !== "invalid") throw new Error("expected invalid");
    expect(later.problems[0]).toMatchObject({ pointer: "/hosts/1", source: "unique-hosts" });
    expect(store.byHost.get("shared.com.au")?.slug).toBe("alpha");
  });

  it("refuses {slug}.localhost as a listed host", () => {
    const dir = tempManifests({ "a.json": dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au", "alpha.localhost"])), "b.json": dealer("beta") });
    const store = buildSiteStore(dir);
    expect(status(dir)).toEqual({ "a.json": "invalid", "b.json": "ok" });
    const a = store.sites[0];
    if (a.status !== "invalid") throw new Error("expected invalid");
    expect(a.problems).toEqual([expect.objectContaining({ pointer: "/hosts/1", message: expect.stringContaining("reserved") })]);
  });

  it("refuses another dealer's {slug}.localhost as a listed host", () => {
    const dir = tempManifests({ "a.json": dealer("alpha", (m) => (m.hosts = ["beta.localhost"])), "b.json": dealer("beta") });
    expect(status(dir)).toEqual({ "a.json": "invalid", "b.json": "ok" });
  });

  it("changes its version when a manifest changes", () => {
    const dir = tempManifests({ "a.json": dealer("alpha") });
    const before = buildSiteStore(dir).version;
    writeFileSync(path.join(dir, "a.json"), JSON.stringify(dealer("alpha", (m) => (m.name = "Alpha Motors"))));
    utimesSync(path.join(dir, "a.json"), new Date(), new Date(Date.now() + 5000));
    expect(buildSiteStore(dir).version).not.toBe(before);
  });

  it("changes its version when a template changes", () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "templates/base.json": {} });
    const before = buildSiteStore(dir).version;
    writeFileSync(path.join(dir, "templates/base.json"), '{ "wording": {} }');
    expect(buildSiteStore(dir).version).not.toBe(before);
  });
});
