import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "@/runtime/db";
import { publishVersions, rollbackTo, validateVersion, versionHistory } from "@/runtime/fleet/manifests";
import { findCars } from "../helpers/cars";
import { getWithHost, requestWithHost } from "../helpers/http";

// Three production server processes (scripts/server.mjs, like three machines: each its own copy of
// the manifests, no shared disk) on one PostgreSQL database: a publish and a rollback are served
// by all of them within 2 s, a host claim is decided the same way everywhere (a process started
// later with a conflicting file included), a revalidation on one expires the page on all, a
// process killed with SIGKILL serves the same versions as soon as it is back, and a process
// without DATABASE_URL refuses to start. Needs DATABASE_URL and the production build.

const ADMIN_URL = process.env.DATABASE_URL;
const BASE_PORT = Number(process.env.FLEET_PORT ?? 3472);
const SECRET = "fleet-secret";
const COLLECTION = "fleet-test";
const SUNSHINE = "sunshine-chery";
/** The time a change may take to reach every process. */
const REACH_MS = 2000;

interface Fleet {
  port: number;
  dir: string;
  child: ChildProcess;
  output: () => string;
}

let root = "";
let dbName = "";
let url = "";
let db: Db;
const fleet: Fleet[] = [];
const figures: string[] = [];

function databaseUrl(name: string): string {
  const u = new URL(ADMIN_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A copy of the repository's manifests: one machine's release. */
function release(extra: Record<string, unknown> = {}): string {
  const dir = mkdtempSync(path.join(root, "manifests-"));
  cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
  for (const [name, content] of Object.entries(extra)) writeFileSync(path.join(dir, name), JSON.stringify(content, null, 2));
  return dir;
}

function start(port: number, dir: string, env: Record<string, string | undefined> = {}): Promise<Fleet> {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    MANIFESTS_DIR: dir,
    MANIFESTS_COLLECTION: COLLECTION,
    MANIFEST_REVALIDATE_SECRET: SECRET,
    SITE_DIRECTORY: "on",
    LEADS_OUTBOX: "off",
    ...env,
  };
  delete merged.SINGLE_PROCESS;
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, ["scripts/server.mjs", "-p", String(port)], { cwd: process.cwd(), env: merged, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const collect = (c: Buffer) => (out += c);
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (!out.includes('"event":"ready"')) return;
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      resolve({ port, dir, child, output: () => out });
    };
    const onExit = (code: number | null) => reject(new Error(`server on ${port} exited (${code}):\n${out}`));
    child.stdout!.on("data", onData);
    child.once("exit", onExit);
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null || child.signalCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));

async function stop(p: Fleet | undefined, signal: NodeJS.Signals = "SIGTERM") {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const done = exited(p.child);
  p.child.kill(signal);
  await done;
}

const home = (p: Fleet, host = `${SUNSHINE}.localhost`) => getWithHost(p.port, `${host}:${p.port}`, "/");
/** Whether a page shows the dealer's name as `publishName` set it (the header and footer show the name). */
const shows = async (p: Fleet, mark: string, host?: string) => (await home(p, host)).body.includes(mark);
/** Whether the directory (SITE_DIRECTORY=on: every dealer by its served name, a light page) lists `mark`. */
const listed = async (p: Fleet, mark: string) => (await getWithHost(p.port, `localhost:${p.port}`, "/")).body.includes(mark);

/** Publishes a version of Sunshine Chery named `name`, as `npm run manifests -- publish` does. */
async function publishName(name: string) {
  const manifest = JSON.parse(readFileSync(path.join(process.cwd(), "manifests", `${SUNSHINE}.json`), "utf8"));
  manifest.name = name;
  const checked = validateVersion(SUNSHINE, JSON.stringify(manifest), {
    manifestsDir: path.join(process.cwd(), "manifests"),
    publicDir: path.join(process.cwd(), "public"),
  });
  if (!checked.ok) throw new Error(`the test's manifest does not validate: ${JSON.stringify(checked.problems)}`);
  const [outcome] = await publishVersions(db, COLLECTION, [{ name: SUNSHINE, version: checked.version }], { source: "cli", by: "fleet test" });
  expect(outcome.status).toBe("published");
}

/**
 * Waits (at most REACH_MS from now) until every process serves `text` as the dealer's name (the
 * directory: a light page, so the time is the change's, not a render's on a busy machine), records
 * how long each took, then checks the dealer's own home page shows it too.
 */
async function servedEverywhere(text: string, what: string, processes = fleet) {
  const started = performance.now();
  const took: number[] = [];
  await Promise.all(
    processes.map(async (p) => {
      await expect.poll(() => listed(p, text), { timeout: REACH_MS, interval: 50 }).toBe(true);
      took.push(Math.round(performance.now() - started));
    }),
  );
  for (const p of processes) expect(await shows(p, text), `home page on ${p.port}`).toBe(true);
  figures.push(`${what}: served by all ${processes.length} in ${Math.max(...took)} ms (each: ${took.sort((a, b) => a - b).join(", ")} ms)`);
}

describe.skipIf(!ADMIN_URL)("three server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "fleet-"));
    dbName = `fleet_${randomBytes(5).toString("hex")}`;
    await admin(`CREATE DATABASE ${dbName}`);
    url = databaseUrl(dbName);
    // Started together, as a deploy does: they publish their release's files once between them.
    fleet.push(...(await Promise.all([0, 1, 2].map((i) => start(BASE_PORT + i, release())))));
    db = await openDb({ url });
  });

  afterAll(async () => {
    await Promise.all(fleet.map((p) => stop(p)));
    await db?.close();
    if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (root) rmSync(root, { recursive: true, force: true });
    if (figures.length) console.log(`[fleet] ${figures.join("\n[fleet] ")}`);
  });

  it("published the release's files once, and every process is ready", async () => {
    expect(await versionHistory(db, COLLECTION, SUNSHINE), fleet[0].output()).toEqual([expect.objectContaining({ source: "files" })]);
    for (const p of fleet) {
      const ready = await getWithHost(p.port, "localhost", "/readyz");
      expect(ready.status).toBe(200);
      expect(await shows(p, "Sunshine Chery")).toBe(true);
    }
  });

  it("serves a publish and a rollback on all three within 2 s", async () => {
    const [original] = await versionHistory(db, COLLECTION, SUNSHINE);
    await publishName("Sunshine Chery Fleetmark One");
    await servedEverywhere("Fleetmark One", "publish");
    const outcome = await rollbackTo(db, COLLECTION, SUNSHINE, original.id, "fleet test", {
      manifestsDir: path.join(process.cwd(), "manifests"),
      publicDir: path.join(process.cwd(), "public"),
    });
    expect(outcome.status).toBe("published");
    const started = performance.now();
    await Promise.all(fleet.map((p) => expect.poll(() => listed(p, "Fleetmark"), { timeout: REACH_MS, interval: 50 }).toBe(false)));
    figures.push(`rollback: served by all 3 within ${Math.round(performance.now() - started)} ms`);
    for (const p of fleet) expect(await shows(p, "Fleetmark"), `home page on ${p.port}`).toBe(false);
    await publishName("Sunshine Chery Fleetmark Two");
    await servedEverywhere("Fleetmark Two", "second publish");
  });

  it("decides a host claim the same way on every process, a fresh one with a conflicting file included", async () => {
    const claimer = JSON.parse(readFileSync(path.join(process.cwd(), "manifests", "harbour-motor-group.json"), "utf8"));
    // Sorts before every dealer and lists Sunshine Chery's host: files alone would give it the host.
    claimer.slug = "a-claimer";
    claimer.hosts = ["www.sunshinechery.com.au", "a-claimer.example.com.au"];
    const fresh = await start(BASE_PORT + 3, release({ "a-claimer.json": claimer }));
    try {
      for (const p of [...fleet, fresh]) {
        const res = await home(p, "www.sunshinechery.com.au");
        expect(res.status, `process on ${p.port}`).toBe(200);
        expect(res.body.includes("Fleetmark Two"), `process on ${p.port}`).toBe(true);
        expect((await home(p, "a-claimer.localhost")).status).not.toBe(200);
      }
      expect(fresh.output()).toMatch(/a-claimer\.json was not published/);
      expect(await versionHistory(db, COLLECTION, "a-claimer")).toEqual([]);
    } finally {
      await stop(fresh);
    }
  });

  it("expires a car's page on every process when one is asked to revalidate it", async () => {
    const [car] = await findCars(fleet[0].port, SUNSHINE, "status:in_stock", 1, 2);
    const page = `/cars/${car.slug}`;
    const host = (p: Fleet) => `${SUNSHINE}.localhost:${p.port}`;
    for (const p of fleet) {
      await getWithHost(p.port, host(p), page);
      expect((await getWithHost(p.port, host(p), page)).headers["x-nextjs-cache"]).toBe("HIT");
    }
    const res = await requestWithHost(fleet[0].port, `localhost:${fleet[0].port}`, {
      method: "POST",
      path: "/api/revalidate",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "text/plain" },
      body: JSON.stringify({ site: SUNSHINE, car: car.slug }),
    });
    expect(res.status).toBe(200);
    const started = performance.now();
    await Promise.all(
      fleet.map((p) =>
        expect.poll(async () => (await getWithHost(p.port, host(p), page)).headers["x-nextjs-cache"], { timeout: REACH_MS, interval: 50 }).toBe("MISS"),
      ),
    );
    figures.push(`revalidate: the page expired on all 3 within ${Math.round(performance.now() - started)} ms`);
  });

  it("serves the same versions at once after a process is killed with SIGKILL and started again", async () => {
    const victim = fleet[1];
    await stop(victim, "SIGKILL");
    const back = await start(victim.port, victim.dir);
    fleet[1] = back;
    expect((await getWithHost(back.port, "localhost", "/readyz")).status).toBe(200);
    expect(await shows(back, "Fleetmark Two")).toBe(true);
  });

  it("refuses to start a production process without DATABASE_URL, saying why", async () => {
    const child = spawn(process.execPath, ["scripts/server.mjs", "-p", String(BASE_PORT + 4)], {
      cwd: process.cwd(),
      env: { ...process.env, DATABASE_URL: "", SINGLE_PROCESS: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (c) => (out += c));
    child.stderr!.on("data", (c) => (out += c));
    expect(await exited(child)).toBe(1);
    expect(out).toMatch(/Refusing to start: DATABASE_URL is not set/);
  });
});
