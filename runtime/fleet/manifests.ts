/**
 * Published manifest versions: the one record, in the database every server process shares, of
 * what each dealer is served (table manifest_versions, migration 008). A process serves the live
 * versions (each dealer's newest published one) and nothing from its own disk, so a fresh process
 * with an empty disk serves exactly what its peers serve, and a restart changes nothing.
 *
 * How versions come to be published (docs/deployment.md, "A fleet"):
 *  - the release's files: at start (and when a file changes while it runs) a process publishes
 *    each valid file of manifests/ whose content differs from what was last published *from
 *    files* for that dealer (and from what is live). Processes of one release publish once
 *    between them (under an advisory lock, comparing hashes); a process of an older release (its
 *    build first seen before the newest one's) publishes nothing. A file removed from the release
 *    withdraws its dealer, unless a later version came from elsewhere;
 *  - `npm run manifests -- publish <file>` and the studio publish a version; `… rollback <name>
 *    <id>` publishes an earlier version's text again; `… export` writes the live versions back to
 *    files for review in git.
 * Every way goes through `validateVersion` (the pipeline `npm run validate` runs) and the claims
 * check against every other live version (runtime/manifest/claims.ts), in the transaction that
 * inserts it: nothing live skipped either, and two live dealers never claim one host or slug.
 * A publish announces itself on the change bus (bus.ts); every process reloads.
 */
import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { Db, Queryable } from "@/runtime/db";
import { assignClaims, claimKeys, claimsOf, type ClaimCandidate, type ClaimConflict, type ClaimVersion } from "@/runtime/manifest/claims";
import { loadManifest, type ManifestLoadResult } from "@/runtime/manifest/load";
import { formatProblem, type ManifestProblem } from "@/runtime/manifest/problems";
import {
  hashOfText,
  indexSites,
  type FileVersion,
  type ManifestStore,
  type PublishedSource,
  servedSite,
  type SiteRecord,
  type SiteStore,
} from "@/runtime/manifest/store";
import { holdManifest, manifestHeldIn, type HeldManifest } from "@/runtime/manifest/held";
import { yieldToLoop } from "@/runtime/search/yield-to-loop";
import { announce, type FleetBus } from "./bus";

/** Serialises publishes across processes (any constant unique to this application). */
const PUBLISH_LOCK = 72_707_102;

export type VersionSource = "files" | "cli" | "studio" | "rollback";

export interface PublishedVersion {
  id: number;
  name: string;
  source: VersionSource;
  /** The standalone manifest as JSON text; null for a withdrawal. */
  text: string | null;
  hash: string | null;
  claims: ClaimVersion | null;
  publishedBy: string;
  publishedAt: string;
  note: string | null;
  restores: number | null;
}

export type LiveVersion = PublishedVersion & { text: string; hash: string; claims: ClaimVersion };

/** Where a version is checked: the manifests folder (templates) and public/ (pictures a manifest names). */
export interface CheckContext {
  manifestsDir: string;
  publicDir: string;
}

/** A version that passed the platform's validation: publishing takes nothing else. */
export class ValidVersion {
  private constructor(
    readonly name: string,
    readonly text: string,
    readonly hash: string,
    readonly claims: ClaimVersion,
  ) {}

  /** From a load result of the pipeline (a file the store read, or text validated below). */
  static fromLoad(name: string, result: ManifestLoadResult): ValidVersion | null {
    if (!result.ok) return null;
    const text = JSON.stringify(result.standalone);
    return new ValidVersion(name, text, hashOfText(text), claimsOf(result.manifest));
  }

  /**
   * A version `validateVersion` built in another thread of this process (the studio's worker,
   * runtime/studio/diagnose-off-loop.ts), from its fields: a class does not cross threads. The
   * hash is taken again from the text, so the two cannot disagree.
   */
  static revive(fields: { name: string; text: string; claims: ClaimVersion }): ValidVersion {
    return new ValidVersion(fields.name, fields.text, hashOfText(fields.text), fields.claims);
  }

  /** From a file of the store: validated when it was read (`textOf`: its text, when the store has let go of it). */
  static fromFile(file: FileVersion, textOf?: (name: string) => string | undefined): ValidVersion | null {
    if (!file.result.ok || !file.standalone) return null;
    const text = file.standalone.text ?? textOf?.(file.name);
    // The file's claims as the store keeps them: reading its manifest would rebuild it (runtime/manifest/held.ts).
    return text === undefined ? null : new ValidVersion(file.name, text, file.standalone.hash, file.claims ?? claimsOf(file.result.manifest));
  }
}

const NAME = /^[a-z0-9][a-z0-9-]{0,200}$/;

/** Validates a manifest's text as dealer `name` (its templates from the manifests folder), as `npm run validate` does. */
export function validateVersion(
  name: string,
  text: string,
  ctx: CheckContext,
): { ok: true; version: ValidVersion } | { ok: false; problems: ManifestProblem[] } {
  const file = path.join(ctx.manifestsDir, `${name}.json`);
  if (!NAME.test(name)) {
    const rel = path.relative(process.cwd(), file);
    return {
      ok: false,
      problems: [
        { file: rel, line: 1, column: 1, pointer: "", message: `'${name}' is not a dealer file name (lower-case letters, digits, hyphens)`, source: "json" },
      ],
    };
  }
  const result = loadManifest(file, { ...ctx }, text);
  const version = ValidVersion.fromLoad(name, result);
  return version ? { ok: true, version } : { ok: false, problems: result.ok ? [] : result.problems };
}

// ---- the table ------------------------------------------------------------------------

interface Row {
  id: string | number;
  name: string;
  source: VersionSource;
  manifest: string | null;
  hash: string | null;
  claims: ClaimVersion | string | null;
  published_by: string;
  published_at: Date | string;
  note: string | null;
  restores: string | number | null;
}

const COLUMNS = "id, name, source, manifest, hash, claims, published_by, published_at, note, restores";

function toVersion(r: Row): PublishedVersion {
  return {
    id: Number(r.id),
    name: r.name,
    source: r.source,
    text: r.manifest,
    hash: r.hash,
    claims: typeof r.claims === "string" ? (JSON.parse(r.claims) as ClaimVersion) : r.claims,
    publishedBy: r.published_by,
    publishedAt: new Date(r.published_at).toISOString(),
    note: r.note,
    restores: r.restores === null ? null : Number(r.restores),
  };
}

const isLive = (v: PublishedVersion): v is LiveVersion => v.text !== null && v.hash !== null && v.claims !== null;

/** Each dealer's live version (its newest, unless that withdrew it), by name. */
export async function liveVersions(q: Queryable, collection: string): Promise<Map<string, LiveVersion>> {
  const rows = await q.query<Row>(`SELECT DISTINCT ON (name) ${COLUMNS} FROM manifest_versions WHERE collection = $1 ORDER BY name, id DESC`, [collection]);
  return new Map(
    rows
      .map(toVersion)
      .filter(isLive)
      .map((v) => [v.name, v]),
  );
}

/** A live version without its text: what publishing and reloading decide from (the hash says whether the text changed). */
export type LiveHead = Omit<LiveVersion, "text">;

/**
 * Each dealer's live version as liveVersions() has it, less the text. A thousand dealers' texts
 * are about 50 MB: reading them at every publish and every reload (an edit to one dealer means
 * one of each, plus the reload the bus's message asks for) held each process for seconds and left
 * that much garbage behind. The texts a reload needs are read by id (`versionTexts`).
 */
export async function liveHeads(q: Queryable, collection: string): Promise<Map<string, LiveHead>> {
  const rows = await q.query<Row>(
    `SELECT DISTINCT ON (name) id, name, source, NULL AS manifest, hash, claims, published_by, published_at, note, restores
       FROM manifest_versions WHERE collection = $1 ORDER BY name, id DESC`,
    [collection],
  );
  const heads = new Map<string, LiveHead>();
  for (const r of rows) {
    const { text: _none, ...head } = toVersion(r);
    // A withdrawal has neither text nor hash nor claims.
    if (head.hash !== null && head.claims !== null) heads.set(head.name, head as LiveHead);
  }
  return heads;
}

/** The id of `collection`'s newest version (null when it has none): what a reload compares before reading every head. */
export async function newestVersionId(q: Queryable, collection: string): Promise<number | null> {
  const [row] = await q.query<{ id: string | number | null }>("SELECT max(id) AS id FROM manifest_versions WHERE collection = $1", [collection]);
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/**
 * Each dealer's live head and the hash last published from files for it, kept by one process
 * and brought up to date by reading only the versions added since it last looked (`catchUp`).
 * Versions are only ever added, one publish at a time under the publish lock, so ids grow in
 * the order they are committed and the rows past the newest id seen are all that changed. At a
 * thousand dealers an edit read every dealer's head three times (its publish's claims check and
 * its files' hashes, inside the transaction, and the reload after it): most of the database's
 * share of the server's thread while manifests were edited.
 */
export class LiveHeadCache {
  private heads = new Map<string, LiveHead>();
  private files = new Map<string, string | null>();
  private newest: number | null = null;
  private read = false;

  constructor(readonly collection: string) {}

  /**
   * Reads what was added since the last call (everything the first time): each dealer's live head
   * then (a copy: publishing changes it as it goes), the newest hash published from files per
   * dealer (null: a withdrawal), and the newest version's id (null: none yet).
   */
  async catchUp(q: Queryable): Promise<{ live: Map<string, LiveHead>; fromFiles: Map<string, string | null>; newest: number | null }> {
    if (!this.read) {
      // The newest id first: a version committed between the reads is read again next time, in order, which changes nothing.
      this.newest = await newestVersionId(q, this.collection);
      this.heads = await liveHeads(q, this.collection);
      this.files = await filesHashes(q, this.collection);
      this.read = true;
    } else {
      const rows = await q.query<Row>(
        `SELECT id, name, source, NULL AS manifest, hash, claims, published_by, published_at, note, restores
           FROM manifest_versions WHERE collection = $1 AND id > $2 ORDER BY id`,
        [this.collection, this.newest ?? 0],
      );
      for (const r of rows) {
        const { text: _none, ...head } = toVersion(r);
        // A withdrawal has neither hash nor claims: the dealer has no live version after it.
        if (head.hash !== null && head.claims !== null) this.heads.set(head.name, head as LiveHead);
        else this.heads.delete(head.name);
        if (head.source === "files") this.files.set(head.name, head.hash);
        this.newest = head.id;
      }
    }
    return { live: new Map(this.heads), fromFiles: this.files, newest: this.newest };
  }
}

/** The hash of each dealer's newest version published from files (null: that version withdrew it). */
async function filesHashes(q: Queryable, collection: string): Promise<Map<string, string | null>> {
  const rows = await q.query<{ name: string; hash: string | null }>(
    "SELECT DISTINCT ON (name) name, hash FROM manifest_versions WHERE collection = $1 AND source = 'files' ORDER BY name, id DESC",
    [collection],
  );
  return new Map(rows.map((r) => [r.name, r.hash]));
}

/** The texts of the versions `ids` (of `collection`), by id. */
export async function versionTexts(q: Queryable, collection: string, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ id: string | number; manifest: string | null }>(
    "SELECT id, manifest FROM manifest_versions WHERE collection = $1 AND id = ANY($2::bigint[])",
    [collection, ids.map(String)],
  );
  return new Map(rows.filter((r) => r.manifest !== null).map((r) => [Number(r.id), r.manifest!]));
}

/** A dealer's versions, newest first. */
export async function versionHistory(q: Queryable, collection: string, name: string, limit = 50): Promise<PublishedVersion[]> {
  const rows = await q.query<Row>(`SELECT ${COLUMNS} FROM manifest_versions WHERE collection = $1 AND name = $2 ORDER BY id DESC LIMIT $3`, [
    collection,
    name,
    limit,
  ]);
  return rows.map(toVersion);
}

export async function versionById(q: Queryable, collection: string, id: number): Promise<PublishedVersion | null> {
  const [row] = await q.query<Row>(`SELECT ${COLUMNS} FROM manifest_versions WHERE collection = $1 AND id = $2`, [collection, id]);
  return row ? toVersion(row) : null;
}

// ---- publishing -----------------------------------------------------------------------

/** A version to publish for dealer `name`, or null to withdraw the dealer. */
export interface PublishRequest {
  name: string;
  version: ValidVersion | null;
}

export interface PublishOptions {
  source: VersionSource;
  by: string;
  note?: string;
  /** A rollback: the version whose text this publishes again. */
  restores?: number;
}

export type PublishOutcome =
  | { name: string; status: "published" | "withdrawn"; id: number }
  | { name: string; status: "unchanged" }
  | { name: string; status: "refused"; conflicts: ClaimConflict[] };

const label = (name: string) => `${name}.json`;

/**
 * Publishes versions in one transaction under the publish lock: each is checked against every
 * other live version's claims (and those of the others published with it), a refused one leaves
 * its dealer's live version as it is. `plan` may decide the requests once the lock is held, from
 * the live versions and the hashes last published from files (publishing the release's files).
 * Announces what changed on the bus. `heads`: a process's own cache of the live heads, which
 * reads only what was added since (a fresh one, reading them all, by default).
 */
export async function publishVersions(
  db: Db,
  collection: string,
  plan: PublishRequest[] | ((tx: Queryable, live: Map<string, LiveHead>, fromFiles: Map<string, string | null>) => Promise<PublishRequest[]>),
  options: PublishOptions,
  heads = new LiveHeadCache(collection),
): Promise<PublishOutcome[]> {
  if (heads.collection !== collection) throw new Error(`the live heads of '${heads.collection}' cannot publish to '${collection}'`);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [PUBLISH_LOCK]);
    const { live, fromFiles } = await heads.catchUp(tx);
    const requests = typeof plan === "function" ? await plan(tx, live, fromFiles) : plan;
    const outcomes = new Map<string, PublishOutcome>();
    const insert = async (name: string, v: ValidVersion | null) => {
      const [row] = await tx.query<{ id: string | number }>(
        `INSERT INTO manifest_versions (collection, name, source, manifest, hash, claims, published_by, note, restores)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          collection,
          name,
          options.source,
          v?.text ?? null,
          v?.hash ?? null,
          v ? JSON.stringify(v.claims) : null,
          options.by,
          options.note ?? null,
          options.restores ?? null,
        ],
      );
      return Number(row.id);
    };

    for (const r of requests) {
      if (r.version === null) {
        if (live.has(r.name)) {
          outcomes.set(r.name, { name: r.name, status: "withdrawn", id: await insert(r.name, null) });
          live.delete(r.name);
        } else outcomes.set(r.name, { name: r.name, status: "unchanged" });
      } else if (live.get(r.name)?.hash === r.version.hash) outcomes.set(r.name, { name: r.name, status: "unchanged" });
    }
    // The claims, decided against the live versions. A pass that publishes something may free a
    // key another request of the same batch wants (one dealer hands a host to another): one more pass.
    let pending = requests.filter((r): r is PublishRequest & { version: ValidVersion } => r.version !== null && !outcomes.has(r.name));
    for (let pass = 0; pending.length && pass < 3; pass++) {
      const asking = new Map(pending.map((r) => [r.name, r.version]));
      const candidates: ClaimCandidate[] = [];
      const holders = new Map<string, string>();
      for (const v of live.values()) {
        for (const key of claimKeys(v.claims)) holders.set(key, label(v.name));
        if (!asking.has(v.name)) candidates.push({ file: label(v.name), current: v.claims, fallback: null });
      }
      for (const [name, v] of asking) candidates.push({ file: label(name), current: v.claims, fallback: live.get(name)?.claims ?? null });
      const decided = assignClaims(candidates, holders).outcomes;
      const still: typeof pending = [];
      for (const r of pending) {
        const o = decided.get(label(r.name))!;
        if (o.chosen === "current") {
          const id = await insert(r.name, r.version);
          outcomes.set(r.name, { name: r.name, status: "published", id });
          live.set(r.name, { id, name: r.name, source: options.source, hash: r.version.hash, claims: r.version.claims } as LiveHead);
        } else {
          outcomes.set(r.name, { name: r.name, status: "refused", conflicts: o.conflicts });
          still.push(r);
        }
      }
      if (still.length === pending.length) break;
      pending = still;
    }

    const changed = [...outcomes.values()].filter((o) => o.status === "published" || o.status === "withdrawn");
    if (changed.length) {
      const action = options.source === "rollback" ? "rolled-back" : changed.every((o) => o.status === "withdrawn") ? "withdrawn" : "published";
      await announce(tx, { type: "manifests", collection, action, names: changed.map((o) => o.name) });
    }
    return requests.map((r) => outcomes.get(r.name)!);
  });
}

/** Publishes an earlier version's text again (validated again: the platform may have changed since). */
export async function rollbackTo(
  db: Db,
  collection: string,
  name: string,
  id: number,
  by: string,
  ctx: CheckContext,
): Promise<PublishOutcome | { name: string; status: "invalid"; problems: ManifestProblem[] }> {
  const version = await versionById(db, collection, id);
  if (!version || version.name !== name) throw new Error(`no version ${id} of '${name}'`);
  if (version.text === null) throw new Error(`version ${id} of '${name}' withdrew it; nothing to roll back to`);
  const checked = validateVersion(name, version.text, ctx);
  if (!checked.ok) return { name, status: "invalid", problems: checked.problems };
  const [outcome] = await publishVersions(db, collection, [{ name, version: checked.version }], {
    source: "rollback",
    by,
    restores: id,
    note: `rollback to version ${id}`,
  });
  return outcome;
}

/** The release this process belongs to: the Next build's id (a new build, a new release). */
export function releaseId(root = process.cwd()): string {
  try {
    return readFileSync(/*turbopackIgnore: true*/ path.join(root, ".next", "BUILD_ID"), "utf8").trim() || "development";
  } catch {
    return "development";
  }
}

/**
 * Publishes the release's files (see the top of this file): the valid ones whose content is new
 * since the last version published from files, and withdrawals of the dealers whose file left.
 * Returns null when this process is of an older release (it publishes nothing).
 */
export async function publishFiles(
  db: Db,
  collection: string,
  files: FileVersion[],
  release: string,
  by: string,
  textOf?: (name: string) => string | undefined,
  heads?: LiveHeadCache,
): Promise<PublishOutcome[] | null> {
  // A missing or empty folder withdraws nobody: that is a broken release, not a decision.
  if (files.length === 0) return [];
  let older = false;
  const outcomes = await publishVersions(
    db,
    collection,
    async (tx, live, fromFiles) => {
      await tx.query("INSERT INTO manifest_releases (collection, build_id) VALUES ($1, $2) ON CONFLICT (collection, build_id) DO NOTHING", [
        collection,
        release,
      ]);
      const [newest] = await tx.query<{ build_id: string }>("SELECT build_id FROM manifest_releases WHERE collection = $1 ORDER BY seq DESC LIMIT 1", [
        collection,
      ]);
      if (newest && newest.build_id !== release) {
        older = true;
        return [];
      }
      const requests: PublishRequest[] = [];
      const present = new Set(files.map((f) => f.name));
      for (const f of files) {
        const hash = f.result.ok ? f.standalone?.hash : undefined;
        if (!hash || fromFiles.get(f.name) === hash || live.get(f.name)?.hash === hash) continue;
        const version = ValidVersion.fromFile(f, textOf);
        if (version) requests.push({ name: f.name, version });
      }
      for (const [name, hash] of fromFiles)
        if (hash !== null && !present.has(name) && live.get(name)?.source === "files") requests.push({ name, version: null });
      return requests;
    },
    { source: "files", by },
    heads,
  );
  return older ? null : outcomes;
}

// ---- what this process serves ------------------------------------------------------------

/**
 * A file's valid result as its published text validates, without reading its manifest (a getter
 * over a held one, which reading would rebuild): the manifest is set on it by `manifestHeldIn`.
 */
function publishedShell(r: Extract<ManifestLoadResult, { ok: true }>): Extract<ManifestLoadResult, { ok: true }> {
  return { ok: true, file: r.file, migrations: r.migrations, templates: r.templates, warnings: r.warnings } as Extract<ManifestLoadResult, { ok: true }>;
}

interface Loaded {
  /** Without its text: once loaded, the validated manifest is what is kept (held: runtime/manifest/held.ts). */
  version: LiveHead;
  result: ManifestLoadResult;
  /** When valid: the manifest as held and its claims (what every request needs of it). */
  held?: HeldManifest;
  claims?: ClaimVersion;
}

export interface PublishedManifestsOptions {
  db: Db;
  /** The store reading this process's manifest files. */
  files: ManifestStore;
  collection: string;
  release: string;
  log?: (message: string) => void;
}

/**
 * The dealers this process serves: the live published versions, each loaded (and so validated
 * again) by this process's pipeline, kept current by the bus. Installed as the manifest store's
 * published source (`servePublished`), so getSiteStore() answers from it.
 */
export class PublishedManifests implements PublishedSource {
  private loaded = new Map<string, Loaded>();
  /** This process's files that a publish refused (claims), with the problems to show against them. */
  private refused = new Map<string, ManifestProblem[]>();
  private current: SiteStore = { sites: [], bySlug: new Map(), byHost: new Map(), version: "p0" };
  private generation = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly log: (message: string) => void;
  private readonly by: string;
  private stopFiles: (() => void) | null = null;
  /** The newest version's id when the live versions were last loaded. */
  private newestLoaded: number | null = null;
  /** The live heads, read whole once and then only what was added (its publishes and reloads share it). */
  private readonly heads: LiveHeadCache;

  constructor(private readonly options: PublishedManifestsOptions) {
    this.log = options.log ?? ((m) => console.error(m));
    this.by = `files on ${hostname()} (process ${process.pid}, release ${options.release})`;
    this.heads = new LiveHeadCache(options.collection);
  }

  /** Publishes this release's files, loads the live versions, then follows file changes and the bus. */
  async start(bus: FleetBus | null): Promise<void> {
    await this.serially(async () => {
      await this.publishOwnFiles();
      await this.reload();
    });
    this.stopFiles = this.options.files.onChange(() => void this.serially(() => this.publishOwnFiles().then(() => this.reload())).catch(this.failed));
    if (bus) {
      bus.on("manifests", (m) => (m.collection === this.options.collection ? this.serially(() => this.reload()) : undefined));
      // Messages sent while the bus was down are lost: what they said is in the table.
      bus.onReconnected(() => this.serially(() => this.reload()));
    }
  }

  stop(): void {
    this.stopFiles?.();
    this.stopFiles = null;
  }

  snapshot(): SiteStore {
    return this.current;
  }

  async refresh(): Promise<SiteStore> {
    await this.options.files.refresh();
    await this.serially(async () => {
      await this.publishOwnFiles();
      await this.reload();
    });
    return this.current;
  }

  /** Loads the live versions again (after a message on the bus; tests). */
  reloadNow(): Promise<SiteStore> {
    return this.serially(() => this.reload()).then(() => this.current);
  }

  private failed = (error: Error) => this.log(`[manifest] could not update the published versions: ${error.message}`);

  /** One change at a time: publishes and reloads never interleave. */
  private serially<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async publishOwnFiles(): Promise<void> {
    const store = this.options.files;
    const files = store.fileVersions();
    const outcomes = await publishFiles(
      this.options.db,
      this.options.collection,
      files,
      this.options.release,
      this.by,
      (name) => store.standaloneText(name),
      this.heads,
    );
    this.refused.clear();
    // The texts are in the table now (or this release publishes none): only a refused file's is kept, for the next try.
    const refused = new Set((outcomes ?? []).filter((o) => o.status === "refused").map((o) => o.name));
    store.forgetTexts(files.filter((f) => !refused.has(f.name)).map((f) => f.name));
    if (outcomes === null) {
      this.log(`[manifest] this process's release (${this.options.release}) is older than the newest one published: its manifest files are not published`);
      return;
    }
    for (const o of outcomes) {
      if (o.status === "refused") {
        const problems = o.conflicts.map((c) => this.options.files.locate(o.name, c));
        this.refused.set(o.name, problems);
        this.log(`[manifest] ${label(o.name)} was not published:\n${problems.map((p) => "  " + formatProblem(p)).join("\n")}`);
      }
    }
  }

  private async reload(): Promise<void> {
    // The versions added since the last look only (LiveHeadCache): the same newest id as at the
    // last reload means the same live versions. An edit here reloads three times (after its
    // publish, for the bus's message of that publish, and for the file store's change).
    const { live, newest } = await this.heads.catchUp(this.options.db);
    if (newest !== null && newest === this.newestLoaded) return this.build();
    const { dir: manifestsDir, publicDir } = this.options.files.options;
    const next = new Map<string, Loaded>();
    const files = new Map(this.options.files.fileVersions().map((f) => [f.name, f]));
    // This process's own file with the very text published (the same hash) was validated by the
    // file store already: its result is the same, so it is neither read back nor validated again.
    // Only the other new versions' texts are read (an edit elsewhere, the studio, a rollback).
    const own = (name: string, version: LiveHead) => {
      const f = files.get(name);
      return f?.standalone?.hash === version.hash && f.result.ok ? { ...f, result: f.result } : null;
    };
    const wanted: number[] = [];
    for (const [name, version] of live) if (this.loaded.get(name)?.version.id !== version.id && !own(name, version)) wanted.push(version.id);
    const texts = await versionTexts(this.options.db, this.options.collection, wanted);
    let slice = performance.now();
    for (const [name, version] of live) {
      const kept = this.loaded.get(name);
      if (kept && kept.version.id === version.id) {
        next.set(name, kept);
        continue;
      }
      // A thousand dealers are validated a slice at a time, the event loop free in between.
      if (performance.now() - slice > 20) {
        await yieldToLoop();
        slice = performance.now();
      }
      const ownResult = own(name, version);
      const text = texts.get(version.id);
      if (!ownResult && text === undefined) {
        // Rows are never deleted, so a head's text is there; should it not be, the dealer keeps what it served.
        if (kept) next.set(name, kept);
        continue;
      }
      if (ownResult?.publishedHeld && ownResult.claims) {
        // This process's own file, its published form held already: nothing to read or rebuild.
        const { held, claims } = { held: ownResult.publishedHeld, claims: ownResult.claims };
        next.set(name, { version, result: manifestHeldIn(publishedShell(ownResult.result), held), held, claims });
        continue;
      }
      const result = loadManifest(path.join(manifestsDir, `${name}.json`), { manifestsDir, publicDir }, text);
      if (!result.ok) {
        this.log(
          `[manifest] published version ${version.id} of '${name}' does not validate in this process; it is not served:\n${result.problems.map((p) => "  " + formatProblem(p)).join("\n")}`,
        );
        next.set(name, { version, result });
        continue;
      }
      // Held, not kept whole.
      const held = holdManifest(result.manifest);
      next.set(name, { version, result: manifestHeldIn(result, held), held, claims: claimsOf(result.manifest) });
    }
    this.loaded = next;
    this.newestLoaded = newest;
    // Rebuilt every time (cheap): the files' problems shown against a dealer may have changed too.
    this.build();
  }

  /** The snapshot: every live version, and this process's files that have none (503, with their problems). */
  private build(): void {
    const files = new Map(this.options.files.fileVersions().map((f) => [f.name, f]));
    // A file with no live version is listed only with its problems (invalid, or refused): a valid file
    // nobody published (an older release's) is as unknown here as it is to every other process.
    const unpublishedProblem = (name: string) => {
      const f = files.get(name)!;
      return !f.result.ok || this.refused.has(name);
    };
    const names = [...new Set([...this.loaded.keys(), ...[...files.keys()].filter(unpublishedProblem)])].sort();
    const dir = this.options.files.options.dir;
    const held = new Set<string>();
    for (const l of this.loaded.values()) if (l.claims) for (const h of l.claims.hosts) held.add(h);
    const sites: SiteRecord[] = names.map((name) => {
      const l = this.loaded.get(name);
      const f = files.get(name);
      const file = f?.file ?? path.relative(process.cwd(), path.join(dir, `${name}.json`));
      const fileProblems = f && !f.result.ok ? f.result.problems : (this.refused.get(name) ?? []);
      if (l?.result.ok && l.held && l.claims)
        return servedSite(l.held, l.claims, { file, pending: fileProblems, ...(fileProblems.length ? { lastGoodSince: l.version.publishedAt } : {}) });
      const problems = l && !l.result.ok ? l.result.problems : fileProblems;
      const identity = f?.result.ok
        ? { slug: f.claims?.slug ?? f.result.manifest.slug, hosts: f.claims?.hosts ?? f.result.manifest.hosts }
        : { slug: (f && !f.result.ok ? f.result.slug : undefined) ?? name, hosts: (f && !f.result.ok ? f.result.hosts : undefined) ?? [] };
      // A dealer without a servable version answers on none of the hosts another dealer holds.
      const hosts = identity.hosts.map((h) => h.toLowerCase()).filter((h) => !held.has(h));
      return { status: "invalid", slug: identity.slug, file, hosts, problems };
    });
    const { bySlug, byHost, byRedirectHost } = indexSites(sites);
    this.generation++;
    this.current = { sites, bySlug, byHost, byRedirectHost, version: `p${this.generation}` };
  }
}
