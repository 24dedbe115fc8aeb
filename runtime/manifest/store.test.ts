import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { minimalManifest } from "../../tests/helpers/manifest-fixture";
import { buildSiteStore, listManifestFiles, ManifestStore, type SiteRecord } from "./store";

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

// Each dealer its own dealership id: two sites listing one dealership is a conflict of its own (claims.ts).
const dealershipIds = new Map<string, number>();

function dealer(slug: string, edit?: (m: Record<string, any>) => void) {
  const m = minimalManifest(slug);
  if (!dealershipIds.has(slug)) dealershipIds.set(slug, dealershipIds.size + 100);
  m.dealerships[0].id = m.locations[0].dealership_id = dealershipIds.get(slug);
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
    expect(later.problems).toContainEqual(
      expect.objectContaining({ pointer: "/slug", source: "claims", message: expect.stringContaining("slug 'alpha' is already used by") }),
    );
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
    expect(later.problems[0]).toMatchObject({ pointer: "/hosts/1", source: "claims" });
    expect(store.byHost.get("shared.com.au")?.slug).toBe("alpha");
  });
});

/** Writes a file and moves its modification time on, so a change within the same millisecond still shows. */
function edit(dir: string, name: string, content: unknown) {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  const later = new Date(Date.now() + 10_000 + Math.random() * 1000);
  utimesSync(file, later, later);
}

function liveStore(dir: string, log: string[] = []) {
  return new ManifestStore({ dir, publicDir: path.join(process.cwd(), "public"), log: (m) => log.push(m) });
}

function served(site: SiteRecord | undefined) {
  if (site?.status !== "ok") throw new Error(`expected a served site, got ${site?.status}`);
  return site;
}

describe("ManifestStore (the server's store)", () => {
  it("keeps serving the last good version when an edit breaks a live manifest, with the problem pending and logged at its line", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
    const log: string[] = [];
    const store = liveStore(dir, log);
    expect(served(store.snapshot().bySlug.get("alpha")).pending).toEqual([]);
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => delete m.name),
    );
    const after = await store.refresh();
    const alpha = served(after.bySlug.get("alpha"));
    expect(alpha.manifest.name).toBe(dealer("alpha").name);
    expect(alpha.pending).toEqual([expect.objectContaining({ pointer: "/name", message: "missing required property 'name'" })]);
    expect(alpha.lastGoodSince).toMatch(/^\d{4}-/);
    expect(log.join("\n")).toMatch(/site 'alpha': the edit to .*a\.json is not live; the last good version .* is still served:\n  .*a\.json:2:3 /);
    expect(served(after.bySlug.get("beta")).pending).toEqual([]);
  });

  it("gives a dealer that never had a valid version 'invalid' (503), and takes a fix without a restart", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha", (m) => delete m.name) });
    const store = liveStore(dir);
    expect(store.snapshot().bySlug.get("alpha")?.status).toBe("invalid");
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.name = "Fixed")),
    );
    expect(served((await store.refresh()).bySlug.get("alpha")).manifest.name).toBe("Fixed");
  });

  it("re-reads only the changed dealer: the others keep their manifest objects", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
    const store = liveStore(dir);
    const before = store.snapshot();
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.name = "Alpha Two")),
    );
    const after = await store.refresh();
    expect(after).not.toBe(before);
    expect(served(after.bySlug.get("alpha")).manifest.name).toBe("Alpha Two");
    expect(served(after.bySlug.get("beta")).manifest).toBe(served(before.bySlug.get("beta")).manifest);
    expect(await store.refresh()).toBe(after);
  });

  it("re-reads the dealers that extend a changed template, and only those", async () => {
    const dir = tempManifests({
      "a.json": dealer("alpha", (m) => (m.extends = "base")),
      "b.json": dealer("beta"),
      "templates/base.json": { schemaVersion: 2, features: { blog: true } },
    });
    const store = liveStore(dir);
    const before = store.snapshot();
    edit(dir, "templates/base.json", { schemaVersion: 2, features: { blog: false } });
    const after = await store.refresh();
    expect(served(after.bySlug.get("alpha")).manifest).not.toBe(served(before.bySlug.get("alpha")).manifest);
    expect(served(after.bySlug.get("beta")).manifest).toBe(served(before.bySlug.get("beta")).manifest);
  });

  // Across restarts and processes the published versions decide (runtime/fleet/manifests.test.ts).
  it("refuses a newcomer listing a served dealer's host, naming both files", async () => {
    const dir = tempManifests({ "z.json": dealer("zeta", (m) => (m.hosts = ["www.zeta.com.au"])) });
    const store = liveStore(dir);
    store.snapshot();
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au", "www.zeta.com.au"])),
    );
    const after = await store.refresh();
    expect(after.byHost.get("www.zeta.com.au")?.slug).toBe("zeta");
    const alpha = after.bySlug.get("alpha");
    expect(alpha?.status).toBe("invalid");
    if (alpha?.status !== "invalid") return;
    expect(alpha.problems).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/a\.json$/),
        pointer: "/hosts/1",
        message: expect.stringMatching(/host 'www\.zeta\.com\.au' is already served by .*z\.json/),
      }),
    ]);
    expect(alpha.problems[0].line).toBeGreaterThan(1);
  });

  it("drops a removed dealer, and tells its listeners of each new snapshot", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
    const store = liveStore(dir);
    store.snapshot();
    let told = 0;
    store.onChange(() => told++);
    rmSync(path.join(dir, "b.json"));
    const after = await store.refresh();
    expect(after.bySlug.has("beta")).toBe(false);
    expect(told).toBe(1);
    expect(store.fileVersions().map((f) => f.name)).toEqual(["a"]);
  });

  it("keeps each valid file's standalone text and its hash for publishing, and none for an invalid one", () => {
    const dir = tempManifests({
      "a.json": dealer("alpha", (m) => (m.extends = "base")),
      "b.json": '{ "slug": "beta", ',
      "templates/base.json": { schemaVersion: 2, features: { blog: true } },
    });
    const [a, b] = liveStore(dir).fileVersions();
    expect(a.standalone?.hash).toMatch(/^[0-9a-f]{16}$/);
    const standalone = JSON.parse(a.standalone!.text!);
    expect(standalone.extends).toBeUndefined();
    expect(standalone.features.blog).toBe(true);
    expect(b.result.ok).toBe(false);
    expect(b.standalone).toBeUndefined();
  });

  it("lets go of a published text and reads it again when asked, only while the file still has that content", () => {
    const dir = tempManifests({ "a.json": dealer("alpha", (m) => (m.name = "One")) });
    const store = liveStore(dir);
    const [a] = store.fileVersions();
    const text = a.standalone!.text!;
    store.forgetTexts(["a"]);
    const [forgotten] = store.fileVersions();
    expect(forgotten.standalone).toEqual({ hash: a.standalone!.hash });
    expect(store.standaloneText("a")).toBe(text);
    writeFileSync(path.join(dir, "a.json"), JSON.stringify(dealer("alpha", (m) => (m.name = "Two"))));
    expect(store.standaloneText("a")).toBeUndefined();
  });

  it("looks only at the files named (a file event's), added and removed ones included; a full refresh at every file", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta"), "c.json": dealer("gamma") });
    const store = liveStore(dir);
    store.snapshot();
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.name = "Alpha Two")),
    );
    edit(
      dir,
      "b.json",
      dealer("beta", (m) => (m.name = "Beta Two")),
    );
    rmSync(path.join(dir, "c.json"));
    edit(dir, "d.json", dealer("delta"));
    const named = await store.refreshNamed([path.join(dir, "a.json"), path.join(dir, "c.json"), path.join(dir, "d.json")]);
    expect(served(named.bySlug.get("alpha")).manifest.name).toBe("Alpha Two");
    expect(named.bySlug.has("gamma")).toBe(false);
    expect(served(named.bySlug.get("delta")).slug).toBe("delta");
    // Not named: not looked at (the check every two seconds finds it).
    expect(served(named.bySlug.get("beta")).manifest.name).toBe(dealer("beta").name);
    expect(served((await store.refresh()).bySlug.get("beta")).manifest.name).toBe("Beta Two");
  });

  it("re-reads the dealers extending a template when a template event is named, without looking at the others", async () => {
    const dir = tempManifests({
      "a.json": dealer("alpha", (m) => (m.extends = "base")),
      "b.json": dealer("beta"),
      "templates/base.json": { schemaVersion: 2, features: { blog: true } },
    });
    const store = liveStore(dir);
    store.snapshot();
    edit(dir, "templates/base.json", { schemaVersion: 2, features: { blog: false } });
    edit(
      dir,
      "b.json",
      dealer("beta", (m) => (m.name = "Beta Two")),
    );
    const after = await store.refreshNamed([], true);
    expect(served(after.bySlug.get("alpha")).manifest.features?.blog).toBe(false);
    expect(served(after.bySlug.get("beta")).manifest.name).toBe(dealer("beta").name);
  });

  it("takes a watched file's edit from its event without listing the folder", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
    const store = liveStore(dir);
    store.snapshot();
    const listed = vi.spyOn(store as unknown as { statManifests: () => Promise<Map<string, string>> }, "statManifests");
    store.watch();
    try {
      edit(
        dir,
        "a.json",
        dealer("alpha", (m) => (m.name = "Alpha Two")),
      );
      // Well before the check every two seconds.
      for (let waited = 0; waited < 1500 && served(store.snapshot().bySlug.get("alpha")).manifest.name !== "Alpha Two"; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      expect(served(store.snapshot().bySlug.get("alpha")).manifest.name).toBe("Alpha Two");
      expect(listed).not.toHaveBeenCalled();
    } finally {
      store.close();
    }
  });

  it("folds refreshes asked for while one runs into one more run", async () => {
    const dir = tempManifests({ "a.json": dealer("alpha") });
    const store = liveStore(dir);
    store.snapshot();
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.name = "One")),
    );
    const first = store.refresh();
    edit(
      dir,
      "a.json",
      dealer("alpha", (m) => (m.name = "Two")),
    );
    const second = store.refresh();
    await Promise.all([first, second]);
    expect(served((await second).bySlug.get("alpha")).manifest.name).toBe("Two");
  });
});
