import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { minimalManifest } from "../../tests/helpers/manifest-fixture";
import type { Db } from "@/runtime/db";
import { dbVariants } from "@/runtime/db/testing";
import { loadFile, ManifestStore, type SiteRecord } from "@/runtime/manifest/store";
import { rebuiltManifestCount, resetHeldManifests, wholeManifestCount } from "@/runtime/manifest/held";
import { FleetBus } from "./bus";
import { liveHeads, liveVersions, publishFiles, publishVersions, PublishedManifests, rollbackTo, validateVersion, versionHistory } from "./manifests";

// Published manifest versions on both database engines: what a process publishes from its files,
// what it serves (always the live published versions, whatever its own files say), host claims
// decided from the table, rollbacks, and a publish reaching another process through the bus.

const PUBLIC = path.join(process.cwd(), "public");
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const dealershipIds = new Map<string, number>();
function dealer(slug: string, edit?: (m: Record<string, any>) => void) {
  const m = minimalManifest(slug);
  if (!dealershipIds.has(slug)) dealershipIds.set(slug, dealershipIds.size + 100);
  m.dealerships[0].id = m.locations[0].dealership_id = dealershipIds.get(slug);
  edit?.(m);
  return m;
}

function folder(files: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "fleet-manifests-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "templates"));
  for (const [name, content] of Object.entries(files)) write(dir, name, content);
  return dir;
}

function write(dir: string, name: string, content: unknown) {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  const later = new Date(Date.now() + 10_000 + Math.random() * 1000);
  utimesSync(file, later, later);
}

const files = (dir: string) => new ManifestStore({ dir, publicDir: PUBLIC, log: () => {} });

/** The database, each query shown to `seen` before it runs, those of its transactions too (to count what a step reads). */
function watchQueries(db: Db, seen: (sql: string, params?: unknown[]) => void): Db {
  return new Proxy(db, {
    get: (target, key, receiver) =>
      key === "query"
        ? (sql: string, params?: unknown[]) => {
            seen(sql, params);
            return target.query(sql, params as never);
          }
        : key === "transaction"
          ? <T>(run: (tx: Db) => Promise<T>) => target.transaction((tx) => run(watchQueries(tx as Db, seen)))
          : Reflect.get(target, key, receiver),
  }) as Db;
}

function served(site: SiteRecord | undefined) {
  if (site?.status !== "ok") throw new Error(`expected a served site, got ${site?.status}`);
  return site;
}

for (const v of dbVariants())
  describe.skipIf(v.skip)(`published manifest versions (${v.name})`, () => {
    let db: Db;
    let collection: string;
    let n = 0;
    const processes: PublishedManifests[] = [];
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));
    beforeEach(() => {
      collection = `test-${++n}`;
    });
    afterEach(() => {
      for (const p of processes.splice(0)) p.stop();
    });

    /** A server process serving `dir`'s dealers (its own file store), optionally on a bus. */
    async function start(dir: string, options: { release?: string; bus?: FleetBus; log?: string[] } = {}) {
      const p = new PublishedManifests({ db, files: files(dir), collection, release: options.release ?? "r1", log: (m) => options.log?.push(m) });
      processes.push(p);
      await p.start(options.bus ?? null);
      return p;
    }

    it("publishes a release's files once, however many processes start with them", async () => {
      const dir = folder({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
      const first = await start(dir);
      await start(dir);
      await start(folder({ "a.json": dealer("alpha"), "b.json": dealer("beta") }));
      expect(await versionHistory(db, collection, "a")).toHaveLength(1);
      expect(await versionHistory(db, collection, "b")).toHaveLength(1);
      const [a] = await versionHistory(db, collection, "a");
      expect(a).toMatchObject({ source: "files", publishedBy: expect.stringMatching(/^files on .* release r1/) });
      expect(served(first.snapshot().bySlug.get("alpha")).manifest.slug).toBe("alpha");
    });

    it("serves the published version to a fresh process whose file is broken, with the file's problem pending", async () => {
      const dir = folder({ "a.json": dealer("alpha", (m) => (m.name = "Alpha Motors")) });
      await start(dir);
      write(dir, "a.json", '{ "slug": "alpha", ');
      const restarted = await start(dir);
      const alpha = served(restarted.snapshot().bySlug.get("alpha"));
      expect(alpha.manifest.name).toBe("Alpha Motors");
      expect(alpha.pending[0]).toMatchObject({ source: "json" });
      expect(alpha.lastGoodSince).toMatch(/^\d{4}-/);
      expect(restarted.snapshot().byHost.get("www.alpha.com.au")?.status).toBe("ok");
    });

    it("gives a dealer that never had a valid version 'invalid' (503)", async () => {
      const p = await start(folder({ "a.json": dealer("alpha", (m) => delete m.name) }));
      expect(p.snapshot().bySlug.get("alpha")?.status).toBe("invalid");
      expect(await liveVersions(db, collection)).toEqual(new Map());
    });

    it("keeps a host with the dealer holding it: a newcomer listing it is refused, the same way in every process, fresh ones included", async () => {
      const holder = { "z.json": dealer("zeta", (m) => (m.hosts = ["www.zeta.com.au"])) };
      const first = await start(folder(holder));
      // A later release adds a.json, which sorts first and lists zeta's host: files alone would hand it over.
      const newcomer = dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au", "www.zeta.com.au"]));
      const log: string[] = [];
      const second = await start(folder({ ...holder, "a.json": newcomer }), { release: "r2", log });
      const fresh = await start(folder({ ...holder, "a.json": newcomer }), { release: "r2" });
      await first.reloadNow();
      for (const p of [first, second, fresh]) expect(p.snapshot().byHost.get("www.zeta.com.au")?.slug).toBe("zeta");
      const alpha = second.snapshot().bySlug.get("alpha");
      expect(alpha?.status).toBe("invalid");
      if (alpha?.status !== "invalid") return;
      expect(alpha.problems).toEqual([
        expect.objectContaining({ pointer: "/hosts/1", message: expect.stringMatching(/host 'www\.zeta\.com\.au' is already served by z\.json/) }),
      ]);
      expect(alpha.problems[0].line).toBeGreaterThan(1);
      expect(alpha.hosts).toEqual(["www.alpha.com.au"]);
      expect(log.join("\n")).toMatch(/a\.json was not published/);
      expect([...(await liveVersions(db, collection)).keys()]).toEqual(["z"]);
    });

    it("lets one dealer hand a host to another in one release", async () => {
      await start(folder({ "a.json": dealer("alpha", (m) => (m.hosts = ["shared.com.au"])), "b.json": dealer("beta") }));
      const p = await start(
        folder({ "a.json": dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au"])), "b.json": dealer("beta", (m) => (m.hosts = ["shared.com.au"])) }),
        { release: "r2" },
      );
      expect(p.snapshot().byHost.get("shared.com.au")?.slug).toBe("beta");
    });

    it("does not publish an older release's files over a newer one's, and a release's removed file withdraws its dealer", async () => {
      await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "Old")), "b.json": dealer("beta") }), { release: "r1" });
      await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "New")) }), { release: "r2" });
      // A process of r1 restarted during the rolling deploy serves r2's versions and publishes nothing.
      const log: string[] = [];
      const old = await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "Old")), "b.json": dealer("beta") }), { release: "r1", log });
      expect(served(old.snapshot().bySlug.get("alpha")).manifest.name).toBe("New");
      expect(old.snapshot().bySlug.has("beta")).toBe(false);
      expect(log.join("\n")).toMatch(/older than the newest one published/);
      expect(await versionHistory(db, collection, "b")).toEqual([expect.objectContaining({ text: null, source: "files" }), expect.anything()]);
    });

    it("keeps a version published from elsewhere when a process restarts with the release's older file", async () => {
      const dir = folder({ "a.json": dealer("alpha", (m) => (m.name = "From git")) });
      await start(dir);
      const checked = validateVersion("a", JSON.stringify(dealer("alpha", (m) => (m.name = "From the studio"))), { manifestsDir: dir, publicDir: PUBLIC });
      if (!checked.ok) throw new Error("fixture invalid");
      const [outcome] = await publishVersions(db, collection, [{ name: "a", version: checked.version }], { source: "studio", by: "staff@example.com.au" });
      expect(outcome.status).toBe("published");
      const restarted = await start(dir);
      expect(served(restarted.snapshot().bySlug.get("alpha")).manifest.name).toBe("From the studio");
      // A new content of the file in the release is published again.
      write(
        dir,
        "a.json",
        dealer("alpha", (m) => (m.name = "From git, later")),
      );
      expect(served((await restarted.refresh()).bySlug.get("alpha")).manifest.name).toBe("From git, later");
    });

    it("refuses to publish what does not validate, and rolls back to an earlier version as a new one", async () => {
      const dir = folder({ "a.json": dealer("alpha", (m) => (m.name = "One")) });
      const p = await start(dir);
      const bad = validateVersion("a", JSON.stringify(dealer("alpha", (m) => delete m.name)), { manifestsDir: dir, publicDir: PUBLIC });
      expect(bad).toMatchObject({ ok: false, problems: [expect.objectContaining({ pointer: "/name" })] });
      write(
        dir,
        "a.json",
        dealer("alpha", (m) => (m.name = "Two")),
      );
      expect(served((await p.refresh()).bySlug.get("alpha")).manifest.name).toBe("Two");
      const [two, one] = await versionHistory(db, collection, "a");
      const outcome = await rollbackTo(db, collection, "a", one.id, "ops@example.com.au", { manifestsDir: dir, publicDir: PUBLIC });
      expect(outcome).toMatchObject({ status: "published" });
      const [latest] = await versionHistory(db, collection, "a");
      expect(latest).toMatchObject({ source: "rollback", restores: one.id, publishedBy: "ops@example.com.au", hash: one.hash });
      expect(latest.id).toBeGreaterThan(two.id);
      expect(served((await p.reloadNow()).bySlug.get("alpha")).manifest.name).toBe("One");
    });

    it("serves a publish and a rollback from another process though it holds one manifest whole", async () => {
      resetHeldManifests(1);
      try {
        const dir = folder({ "a.json": dealer("alpha", (m) => (m.name = "One")), "b.json": dealer("beta"), "c.json": dealer("gamma") });
        const first = await start(dir);
        const other = await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "One")), "b.json": dealer("beta"), "c.json": dealer("gamma") }));
        write(
          dir,
          "a.json",
          dealer("alpha", (m) => (m.name = "Two")),
        );
        await first.refresh();
        const seen = (p: PublishedManifests) => ["alpha", "beta", "gamma"].map((slug) => served(p.snapshot().bySlug.get(slug)).manifest.name);
        await other.reloadNow();
        expect(seen(other)[0]).toBe("Two");
        expect(wholeManifestCount()).toBe(1);
        const [, one] = await versionHistory(db, collection, "a");
        await rollbackTo(db, collection, "a", one.id, "ops@example.com.au", { manifestsDir: dir, publicDir: PUBLIC });
        await other.reloadNow();
        await first.reloadNow();
        expect(seen(other)).toEqual(seen(first));
        expect(seen(other)[0]).toBe("One");
      } finally {
        resetHeldManifests();
      }
    });

    it("reloads from the versions' hashes, reading back only the texts it has to validate", async () => {
      const dir = folder({ "a.json": dealer("alpha"), "b.json": dealer("beta", (m) => (m.name = "Beta before")) });
      const asked: unknown[][] = [];
      const counting = watchQueries(db, (sql, params) => {
        if (/SELECT id, manifest FROM/.test(sql)) asked.push(params ?? []);
      });
      const p = new PublishedManifests({ db: counting, files: files(dir), collection, release: "r1", log: () => {} });
      processes.push(p);
      await p.start(null);
      // Its own files' versions are served from the file store's validation: no text read back.
      expect(asked).toEqual([]);
      const heads = await liveHeads(db, collection);
      expect([...heads.keys()]).toEqual(["a", "b"]);
      expect(heads.get("a")).not.toHaveProperty("text");
      const checked = validateVersion("b", JSON.stringify(dealer("beta", (m) => (m.name = "Beta from the studio"))), { manifestsDir: dir, publicDir: PUBLIC });
      if (!checked.ok) throw new Error("fixture invalid");
      const [outcome] = await publishVersions(db, collection, [{ name: "b", version: checked.version }], { source: "studio", by: "staff@example.com.au" });
      if (outcome.status !== "published") throw new Error("not published");
      expect(served((await p.reloadNow()).bySlug.get("beta")).manifest.name).toBe("Beta from the studio");
      expect(asked).toEqual([[collection, [String(outcome.id)]]]);
    });

    it("keeps no published file's text in memory, and reads it again when it must be published once more", async () => {
      const first = folder({ "a.json": dealer("alpha", (m) => (m.name = "One")) });
      const store = files(first);
      const p = new PublishedManifests({ db, files: store, collection, release: "r1", log: () => {} });
      processes.push(p);
      await p.start(null);
      expect(store.fileVersions().map((f) => f.standalone?.text)).toEqual([undefined]);
      // Another process of the release, with another text for the file, publishes it from files...
      await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "Two")) }));
      expect(served((await p.reloadNow()).bySlug.get("alpha")).manifest.name).toBe("Two");
      // ...and this one's text, no longer the last published from files, is published again from its file.
      expect(served((await p.refresh()).bySlug.get("alpha")).manifest.name).toBe("One");
      expect((await versionHistory(db, collection, "a")).map((v) => v.source)).toEqual(["files", "files", "files"]);
    });

    it("serves files loaded by the start's worker from their published form as loaded, rebuilding no manifest", async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "fleet-manifests-"));
      dirs.push(dir);
      cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
      // As the worker's answers arrive: plain data (runtime/studio/diagnose-off-loop.ts).
      const store = new ManifestStore({ dir, publicDir: PUBLIC, log: () => {}, loadFiles: async (jobs) => structuredClone(jobs.map(loadFile)) });
      await store.load();
      const rebuilt = rebuiltManifestCount();
      const p = new PublishedManifests({ db, files: store, collection, release: "r1", log: () => {} });
      processes.push(p);
      await p.start(null);
      expect(rebuiltManifestCount()).toBe(rebuilt);
      // The same manifests as a process that loaded its files here and validated nothing twice.
      const plain = new PublishedManifests({ db, files: files(dir), collection, release: "r1", log: () => {} });
      processes.push(plain);
      await plain.start(null);
      const sites = p.snapshot().sites.filter((s) => s.status === "ok");
      expect(sites.length).toBeGreaterThan(3);
      expect(
        sites.some(
          (s) =>
            s.manifest.extends === undefined &&
            (store.fileVersions().find((f) => f.file === s.file)?.result as { manifest?: { extends?: unknown } }).manifest?.extends,
        ),
      ).toBe(true);
      for (const s of sites) expect(s.manifest, s.slug).toEqual(served(plain.snapshot().bySlug.get(s.slug)).manifest);
    });

    it("reads every dealer's head once, then only the versions added since: its own edit's publish and reload, another's publish", async () => {
      const dir = folder({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
      let heads = 0;
      const added: unknown[][] = [];
      const counting = watchQueries(db, (sql, params) => {
        if (/SELECT DISTINCT ON \(name\)/.test(sql)) heads++;
        if (/AND id > \$2 ORDER BY id/.test(sql)) added.push(params ?? []);
      });
      const store = files(dir);
      const p = new PublishedManifests({ db: counting, files: store, collection, release: "r1", log: () => {} });
      processes.push(p);
      await p.start(null);
      // Once at start: the live heads and the hashes last published from files.
      expect(heads).toBe(2);
      // The bus's message of this process's own publish: nothing new since.
      const again = await p.reloadNow();
      expect(again.version).not.toBe("p0");
      expect(served(again.bySlug.get("alpha")).slug).toBe("alpha");
      // An edit of its own file: published (the claims checked against the heads it keeps) and reloaded.
      write(
        dir,
        "a.json",
        dealer("alpha", (m) => (m.name = "Alpha again")),
      );
      expect(served((await p.refresh()).bySlug.get("alpha")).manifest.name).toBe("Alpha again");
      // Another's publish: read, and served.
      const checked = validateVersion("b", JSON.stringify(dealer("beta", (m) => (m.name = "Beta again"))), { manifestsDir: dir, publicDir: PUBLIC });
      if (!checked.ok) throw new Error("fixture invalid");
      await publishVersions(db, collection, [{ name: "b", version: checked.version }], { source: "studio", by: "staff@example.com.au" });
      expect(served((await p.reloadNow()).bySlug.get("beta")).manifest.name).toBe("Beta again");
      expect(heads).toBe(2);
      expect(added.length).toBeGreaterThan(0);
    });

    it("decides its claims and its files' publishes from the heads it keeps, with what others published and withdrew since", async () => {
      const dir = folder({ "a.json": dealer("alpha"), "b.json": dealer("beta") });
      const store = files(dir);
      const p = new PublishedManifests({ db, files: store, collection, release: "r1", log: () => {} });
      processes.push(p);
      await p.start(null);
      // Elsewhere (the studio): gamma takes a host, and beta is withdrawn.
      const gamma = validateVersion("c", JSON.stringify(dealer("gamma", (m) => (m.hosts = ["www.gamma.com.au"]))), { manifestsDir: dir, publicDir: PUBLIC });
      if (!gamma.ok) throw new Error("fixture invalid");
      await publishVersions(
        db,
        collection,
        [
          { name: "c", version: gamma.version },
          { name: "b", version: null },
        ],
        { source: "studio", by: "staff@example.com.au" },
      );
      // This process's file of alpha now lists gamma's host: refused, from the kept heads caught up.
      write(
        dir,
        "a.json",
        dealer("alpha", (m) => (m.hosts = ["www.alpha.com.au", "www.gamma.com.au"])),
      );
      const after = await p.refresh();
      expect(after.byHost.get("www.gamma.com.au")?.slug).toBe("gamma");
      expect(after.bySlug.has("beta")).toBe(false);
      expect((await versionHistory(db, collection, "a")).map((v) => v.source)).toEqual(["files"]);
      // Its file of beta is unchanged since it was published from files: a withdrawal from elsewhere stands.
      expect((await versionHistory(db, collection, "b"))[0]).toMatchObject({ text: null, source: "studio" });
    });

    it("an empty or missing folder withdraws nobody", async () => {
      await start(folder({ "a.json": dealer("alpha") }));
      expect(await publishFiles(db, collection, [], "r1", "test")).toEqual([]);
      const p = await start(folder({}));
      expect(served(p.snapshot().bySlug.get("alpha")).slug).toBe("alpha");
    });

    it("reaches a process listening on the bus when another publishes", async () => {
      const bus = new FleetBus(() => {});
      await bus.start(db);
      try {
        const dir = folder({ "a.json": dealer("alpha", (m) => (m.name = "Before")) });
        const listener = await start(folder({ "a.json": dealer("alpha", (m) => (m.name = "Before")) }), { bus });
        const heard = new Promise<void>((resolve) => bus.on("manifests", (m) => (m.names.includes("a") ? resolve() : undefined)));
        const publisher = await start(dir);
        write(
          dir,
          "a.json",
          dealer("alpha", (m) => (m.name = "After")),
        );
        await publisher.refresh();
        await heard;
        await expect.poll(() => served(listener.snapshot().bySlug.get("alpha")).manifest.name).toBe("After");
      } finally {
        await bus.close();
      }
    });
  });
