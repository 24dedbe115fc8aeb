import { createHash } from "node:crypto";
import { yieldToLoop } from "../search/yield-to-loop";
import { readdirSync, readFileSync, statSync, watch, type FSWatcher } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { DealerManifest } from "../generated/types";
import { assignClaims, claimsOf, type ClaimCandidate, type ClaimVersion } from "./claims";
import { heldWithoutExtends, holdManifest, holdPacked, manifestHeldIn, packManifest, type HeldManifest } from "./held";
import { JsonSource, formatProblem, type ManifestProblem } from "./problems";
import { loadManifest, type ManifestLoadResult } from "./load";

/**
 * The dealers this process serves, each with its own validated manifest.
 *
 * One store per process, shared by proxy.ts and the pages (they are separate module instances
 * in Next's output, so the store lives on globalThis). A change to one file re-reads and
 * re-validates that dealer only (for a template: the dealers that extend it), off the request
 * path: requests are answered from the current snapshot meanwhile, and the new snapshot is
 * swapped in whole. The cross-manifest claims (slugs, hosts, dealership ids; claims.ts) are
 * decided again at each swap, which is cheap.
 *
 * Last known good: a dealer that has served a valid manifest keeps serving it when an edit
 * makes the file invalid; the problems are logged and shown in the directory as pending. Only a
 * dealer that has never had a valid version is unavailable (503).
 *
 * This store knows files only, and keeps its last good versions and claims in memory. The server
 * serves what is published in the database instead (runtime/fleet/manifests.ts): it reads the
 * files through this store, publishes them, and serves the published versions through
 * `servePublished`, so every process serves the same versions whatever its disk holds.
 */

export type SiteRecord =
  | {
      status: "ok";
      slug: string;
      file: string;
      hosts: string[];
      /** Whole only while it is asked for (runtime/manifest/held.ts): read it where it is needed, do not keep it. */
      manifest: DealerManifest;
      /** Its redirect hosts, lower-cased, when the store knows them without reading the manifest. */
      redirectHosts?: string[];
      /** Problems of the file as it is now, when the dealer is served its last good version instead. */
      pending: ManifestProblem[];
      /** When the version being served was last valid in the file: set when it is the last good version. */
      lastGoodSince?: string;
    }
  | { status: "invalid"; slug: string; file: string; hosts: string[]; problems: ManifestProblem[] };

export interface SiteStore {
  sites: SiteRecord[];
  bySlug: Map<string, SiteRecord>;
  byHost: Map<string, SiteRecord>;
  /** A served dealer by each of its redirect hosts (`redirectHosts`: they send the browser to its first host). */
  byRedirectHost?: Map<string, Extract<SiteRecord, { status: "ok" }>>;
  /** Changes whenever the served set changes; used as a cache key. */
  version: string;
}

export function manifestsDir(): string {
  return process.env.MANIFESTS_DIR ? path.resolve(process.env.MANIFESTS_DIR) : path.join(process.cwd(), "manifests");
}

export function publicDir(): string {
  return path.join(process.cwd(), "public");
}

/**
 * The name of the dealers a manifest folder holds, under which their versions are published:
 * `MANIFESTS_COLLECTION`, else `default` for the project's own manifests/ and `dir-{hash of the
 * folder}` for another MANIFESTS_DIR, so a temporary copy never speaks for the real dealers.
 */
export function manifestCollection(dir = manifestsDir()): string {
  if (process.env.MANIFESTS_COLLECTION) return process.env.MANIFESTS_COLLECTION;
  const own = path.join(process.cwd(), "manifests");
  return path.resolve(dir) === own ? "default" : `dir-${createHash("sha256").update(path.resolve(dir)).digest("hex").slice(0, 10)}`;
}

export function listManifestFiles(dir: string): string[] {
  return readdirSync(/*turbopackIgnore: true*/ dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => path.join(dir, f));
}

// ---- entries --------------------------------------------------------------------------

interface LastGood {
  held: HeldManifest;
  claims: ClaimVersion;
  /** ISO time it was last valid in the file. */
  since: string;
}

/** One manifest file as read and validated on its own (no claims): what a publish starts from. */
export interface FileVersion {
  /** The file name without .json: the dealer's key. */
  name: string;
  /** Relative path, as in problems and messages. */
  file: string;
  result: ManifestLoadResult;
  /**
   * When valid: the manifest as it stands alone (templates merged in), as JSON text, and its hash.
   * The text is let go once it is published (`forgetTexts`); `standaloneText` reads it again.
   */
  standalone?: { text?: string; hash: string };
  /** When valid: the manifest as held (`result.manifest` reads it) and its claims. */
  held?: HeldManifest;
  claims?: ClaimVersion;
  /**
   * When valid: the manifest as its published text (the standalone manifest) validates, held: the
   * same manifest less the `extends` the standalone text has merged away (`heldWithoutExtends`),
   * so a process serving its own file's published version neither reads nor validates it again.
   */
  publishedHeld?: HeldManifest;
}

interface Entry {
  /** Absolute path. */
  path: string;
  /** Relative path, as in problems and messages. */
  file: string;
  /** The file's name without .json: the key of its last good version. */
  name: string;
  stamp: string;
  templates: string[];
  result: ManifestLoadResult;
  /** When valid: the manifest as it stands alone, as JSON text (until published), and its hash. */
  standalone?: { text?: string; hash: string };
  /** When valid: the manifest as held (its `result.manifest` reads it) and its claims, kept whole for every request. */
  held?: HeldManifest;
  claims?: ClaimVersion;
  /** See FileVersion. */
  publishedHeld?: HeldManifest;
  lastGood: LastGood | null;
}

/** One file to load: its path, its text when already read, where its templates and pictures are, and the warnings it passed with before. */
export interface FileLoad {
  file: string;
  text?: string;
  manifestsDir: string;
  publicDir: string;
  passedBefore?: ManifestProblem[];
}

type ValidLoad = Extract<ManifestLoadResult, { ok: true }>;

/**
 * A file's load as plain data, for a load done in another thread (`loadFile`): the manifest comes
 * deflated (held.ts `packManifest`), the standalone as the text that is published, so the thread
 * that keeps them never builds either object.
 */
export type LoadedFile =
  | (Omit<ValidLoad, "manifest" | "standalone"> & {
      standaloneText: string;
      hash: string;
      claims: ClaimVersion;
      packed: Uint8Array;
      /** The file extends templates: what is published is the manifest without `extends` (`heldWithoutExtends`). */
      extendsTemplates?: true;
    })
  | Extract<ManifestLoadResult, { ok: false }>;

/** The pipeline's load of one file; a file that cannot be read is a problem like any other. */
function runLoad(job: FileLoad): ManifestLoadResult {
  try {
    const { file, text, manifestsDir, publicDir, passedBefore } = job;
    return loadManifest(file, { manifestsDir, publicDir, ...(passedBefore ? { passedBefore: { warnings: passedBefore } } : {}) }, text);
  } catch (error) {
    // A file removed or unreadable between the listing and the read.
    const rel = path.relative(process.cwd(), job.file) || job.file;
    return {
      ok: false,
      file: rel,
      problems: [{ file: rel, line: 1, column: 1, pointer: "", message: `cannot read the file: ${(error as Error).message}`, source: "json" }],
    };
  }
}

/** Loads one file into plain data (`LoadedFile`): what the start's worker thread does for each file. */
export function loadFile(job: FileLoad): LoadedFile {
  const result = runLoad(job);
  if (!result.ok) return result;
  const { manifest, standalone, ...rest } = result;
  const standaloneText = JSON.stringify(standalone);
  return {
    ...rest,
    standaloneText,
    hash: hashOfText(standaloneText),
    claims: claimsOf(manifest),
    packed: packManifest(manifest),
    ...("extends" in manifest ? { extendsTemplates: true as const } : {}),
  };
}

interface StoreOptions {
  dir: string;
  publicDir: string;
  log?: (message: string) => void;
  /** Longest stretch load() reads files before it lets the event loop run (ms; LOAD_SLICE_MS by default). */
  sliceMs?: number;
  /** What passed every check before (the server's: runtime/fleet/manifest-checks.ts); absent: every file is checked in full. */
  checks?: CheckMemory;
  /**
   * Where load() loads the files (the server's: a worker thread, runtime/manifest/load-off-thread.ts);
   * absent: in this thread, a slice at a time.
   */
  loadFiles?: (jobs: FileLoad[]) => Promise<LoadedFile[]>;
}

/**
 * Inputs that passed every check before, by a key of the exact input (`ManifestStore.checkKey`:
 * the file's text and every template's), kept where other processes and later starts find them.
 * A file whose key is known is still parsed, merged and given its defaults by the schema, but
 * not put through the semantic rules again: at a thousand dealers those were most of a start.
 */
export interface CheckMemory {
  /** Of `keys`, those that passed before, with the warnings they had. */
  known(keys: string[]): Promise<Map<string, ManifestProblem[]>>;
  /** Notes inputs that passed (kept in the background; a failure to keep them costs only time later). */
  remember(passed: { key: string; warnings: ManifestProblem[] }[]): void;
}

/** The hash under which a standalone manifest's text is published. */
export const hashOfText = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16);

/** Longest stretch the first load() reads files before it lets the event loop run. */
const LOAD_SLICE_MS = 20;

/** Files whose keys load() asks the check memory about at once. */
const CHECK_BATCH = 50;

function stampOf(st: { mtimeMs: number; size: number }): string {
  return `${st.mtimeMs}:${st.size}`;
}

/**
 * A snapshot's lookups: by slug and by host, a servable site before one with problems (a dealer's
 * good version over a broken file of the same name; a host's holder over a refused claimant).
 */
export function indexSites(sites: readonly SiteRecord[]): Required<Pick<SiteStore, "bySlug" | "byHost" | "byRedirectHost">> {
  const bySlug = new Map<string, SiteRecord>();
  const byHost = new Map<string, SiteRecord>();
  for (const site of sites) if (site.status === "ok") bySlug.set(site.slug, site);
  for (const site of sites) if (!bySlug.has(site.slug)) bySlug.set(site.slug, site);
  for (const site of sites) for (const h of site.hosts) if (!byHost.has(h) || (site.status === "ok" && byHost.get(h)!.status !== "ok")) byHost.set(h, site);
  // Only a served dealer redirects (one with no servable version has nowhere to send the browser); a host some dealer serves is never a redirect.
  const byRedirectHost = new Map<string, Extract<SiteRecord, { status: "ok" }>>();
  for (const site of sites)
    if (site.status === "ok")
      for (const h of site.redirectHosts ?? site.manifest.redirectHosts ?? []) if (!byHost.has(h.toLowerCase())) byRedirectHost.set(h.toLowerCase(), site);
  return { bySlug, byHost, byRedirectHost };
}

/** The store behind getSiteStore(): entries per file, a current snapshot, incremental refresh. */
export class ManifestStore {
  private entries = new Map<string, Entry>();
  private templateStamps = new Map<string, string>();
  private holders = new Map<string, string>();
  private listeners = new Set<() => void>();
  private current: SiteStore | null = null;
  private generation = 0;
  private refreshing: Promise<SiteStore> | null = null;
  private loading: Promise<SiteStore> | null = null;
  /** What the refreshes asked for while one ran look at, in one more run after it. */
  private again: RescanScope | null = null;
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly log: (message: string) => void;
  /** A hash of every template's name and text, part of each check key (see checkKey). */
  private templatesHash = "";

  constructor(readonly options: StoreOptions) {
    this.log = options.log ?? ((m) => console.error(m));
  }

  /** Remembers checks from now on (before load(): the server's start). */
  useChecks(checks: CheckMemory): void {
    this.options.checks = checks;
  }

  /** Loads the files of the first load() with `loadFiles` (before load(): the server's start). */
  useLoader(loadFiles: (jobs: FileLoad[]) => Promise<LoadedFile[]>): void {
    this.options.loadFiles = loadFiles;
  }

  /**
   * The current snapshot. Before load() has finished, the first call reads every manifest still
   * unread synchronously (scripts and tests; the server awaits load() first).
   */
  snapshot(): SiteStore {
    if (!this.current) this.loadAll();
    return this.current!;
  }

  /**
   * Reads every manifest without holding the event loop: a slice of files at a time, the loop
   * free between slices (the server's health checks answer meanwhile), then swaps in the first
   * snapshot. With a thousand dealers reading them all at once held the process for seconds.
   */
  load(): Promise<SiteStore> {
    if (this.current) return Promise.resolve(this.current);
    this.loading ??= (async () => {
      const { dir, checks } = this.options;
      const [files, templateStamps] = await Promise.all([this.statManifests(dir), this.statTemplates(dir)]);
      if (checks) this.templatesHash = await this.hashTemplates();
      const pending = [...files].filter(([file]) => !this.entries.has(file));
      let slice = performance.now();
      for (let i = 0; i < pending.length && !this.current; i += CHECK_BATCH) {
        const batch = pending.slice(i, i + CHECK_BATCH).map(([file, stamp]) => ({ file, stamp, ...this.readInput(file) }));
        const known = checks ? await this.knownChecks(batch.flatMap((b) => (b.key ? [b.key] : []))) : new Map<string, ManifestProblem[]>();
        const passed: { key: string; warnings: ManifestProblem[] }[] = [];
        if (this.options.loadFiles) {
          // Elsewhere (a worker thread): this thread keeps each file's packed manifest and texts,
          // never the validation's garbage, which at a thousand dealers grew the heap by 200 MB
          // that V8 kept for the life of the process.
          const todo = batch.filter((b) => !this.entries.has(b.file));
          const jobs = todo.map((b) => ({ ...this.fileLoad(b.file, b.text), ...(b.key && known.has(b.key) ? { passedBefore: known.get(b.key) } : {}) }));
          const loaded = await this.options.loadFiles(jobs);
          if (this.current) break; // a synchronous snapshot() read everything meanwhile
          todo.forEach((b, k) => {
            const entry = this.loadedEntry(b.file, b.stamp, null, loaded[k]);
            this.entries.set(b.file, entry);
            if (b.key && !known.has(b.key) && entry.result.ok) passed.push({ key: b.key, warnings: entry.result.warnings });
          });
          if (passed.length) checks?.remember(passed);
          continue;
        }
        for (const b of batch) {
          if (this.current) break; // a synchronous snapshot() read everything meanwhile
          if (this.entries.has(b.file)) continue;
          if (performance.now() - slice > (this.options.sliceMs ?? LOAD_SLICE_MS)) {
            await yieldToLoop();
            slice = performance.now();
            if (this.current) break;
          }
          const before = b.key ? known.get(b.key) : undefined;
          const entry = this.loadEntry(b.file, b.stamp, null, b.text, before);
          this.entries.set(b.file, entry);
          if (b.key && !before && entry.result.ok) passed.push({ key: b.key, warnings: entry.result.warnings });
        }
        if (passed.length) checks?.remember(passed);
      }
      if (!this.current) {
        this.templateStamps = templateStamps;
        this.swap();
      }
      return this.current!;
    })();
    return this.loading;
  }

  private loadAll(): void {
    const { dir } = this.options;
    this.templateStamps = this.readTemplateStampsSync();
    let files: string[] = [];
    try {
      files = listManifestFiles(dir);
    } catch {
      files = [];
    }
    for (const file of files) {
      let stamp = "missing";
      try {
        stamp = stampOf(statSync(/*turbopackIgnore: true*/ file));
      } catch {
        continue;
      }
      // Files load() has read already are kept.
      if (!this.entries.has(file)) this.entries.set(file, this.loadEntry(file, stamp, null));
    }
    this.swap();
  }

  /**
   * Looks for changed, added and removed files and templates, re-reads only what they affect and
   * swaps in the new snapshot. Calls while one runs are folded into one more run after it.
   */
  refresh(): Promise<SiteStore> {
    return this.refreshScope(EVERY_FILE);
  }

  /**
   * As refresh(), looking only at these manifest files (absolute paths; added, changed or
   * removed) and, with `templates`, at the templates folder: what a file event names. At a
   * thousand dealers stat'ing every file for each event was a share of the server's thread of
   * its own while manifests were edited; the check every two seconds still looks at every file.
   */
  refreshNamed(files: Iterable<string>, templates = false): Promise<SiteStore> {
    return this.refreshScope({ all: false, files: new Set(files), templates });
  }

  private refreshScope(scope: RescanScope): Promise<SiteStore> {
    if (!this.current) return Promise.resolve(this.snapshot());
    if (this.refreshing) {
      this.again = this.again ? joinScopes(this.again, scope) : scope;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        for (let next: RescanScope | null = scope; next; next = this.again) {
          this.again = null;
          await this.rescan(next);
        }
        return this.current!;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  private async rescan(scope: RescanScope): Promise<void> {
    const { dir } = this.options;
    const templateStamps = scope.all || scope.templates ? await this.statTemplates(dir) : this.templateStamps;
    const changedTemplates = new Set<string>();
    for (const [name, stamp] of templateStamps) if (this.templateStamps.get(name) !== stamp) changedTemplates.add(name);
    for (const name of this.templateStamps.keys()) if (!templateStamps.has(name)) changedTemplates.add(name);
    this.templateStamps = templateStamps;

    if (changedTemplates.size && this.options.checks) this.templatesHash = await this.hashTemplates();

    // The files to look at: every one, or those named and those extending a changed template.
    const looked = scope.all ? null : new Set(scope.files);
    if (looked && changedTemplates.size) for (const e of this.entries.values()) if (e.templates.some((t) => changedTemplates.has(t))) looked.add(e.path);
    const files = looked ? await this.statFiles(looked) : await this.statManifests(dir);

    let changed = false;
    for (const file of [...this.entries.keys()]) {
      if (files.has(file) || (looked && !looked.has(file))) continue;
      // A dealer whose file is removed is gone: its last good version goes with it.
      this.entries.delete(file);
      changed = true;
    }
    for (const [file, stamp] of files) {
      const entry = this.entries.get(file);
      if (entry && entry.stamp === stamp && !entry.templates.some((t) => changedTemplates.has(t))) continue;
      await yieldToLoop(); // requests in between: a template extended by a thousand dealers is re-read in small steps
      const input = this.readInput(file);
      const before = input.key ? (await this.knownChecks([input.key])).get(input.key) : undefined;
      const next = this.loadEntry(file, stamp, entry ?? null, input.text, before);
      this.entries.set(file, next);
      if (input.key && !before && next.result.ok) this.options.checks?.remember([{ key: input.key, warnings: next.result.warnings }]);
      changed = true;
    }
    if (changed) this.swap();
  }

  /**
   * The key under which a check of `text` is remembered: the text and every template's name and
   * text (a template edit changes every dealer's key; templates are few and small). The release
   * is the check memory's part: a new release's rules check everything again.
   */
  checkKey(text: string): string {
    return createHash("sha256").update(this.templatesHash).update("\n").update(text).digest("hex");
  }

  /** A file's text and its check key (with a check memory only); no text when it cannot be read (loadEntry reports it). */
  private readInput(file: string): { text?: string; key?: string } {
    if (!this.options.checks) return {};
    try {
      const text = readFileSync(/*turbopackIgnore: true*/ file, "utf8");
      return { text, key: this.checkKey(text) };
    } catch {
      return {};
    }
  }

  private async knownChecks(keys: string[]): Promise<Map<string, ManifestProblem[]>> {
    if (!this.options.checks || keys.length === 0) return new Map();
    try {
      return await this.options.checks.known(keys);
    } catch (error) {
      // Without the memory every file is checked in full: slower, never wrong.
      this.log(`[manifest] could not read the checks passed before: ${(error as Error).message}`);
      return new Map();
    }
  }

  private async hashTemplates(): Promise<string> {
    const sub = path.join(this.options.dir, "templates");
    const hash = createHash("sha256");
    let names: string[] = [];
    try {
      names = (await readdir(/*turbopackIgnore: true*/ sub)).filter((f) => f.endsWith(".json")).sort();
    } catch {
      return "";
    }
    for (const f of names) {
      const text = await readFile(/*turbopackIgnore: true*/ path.join(sub, f), "utf8").catch(() => "");
      hash.update(`${f}\n${text.length}\n`).update(text);
    }
    return hash.digest("hex");
  }

  private fileLoad(file: string, text?: string): FileLoad {
    return { file, ...(text !== undefined ? { text } : {}), manifestsDir: this.options.dir, publicDir: this.options.publicDir };
  }

  private loadEntry(file: string, stamp: string, previous: Entry | null, text?: string, passedBefore?: ManifestProblem[]): Entry {
    const result = runLoad({ ...this.fileLoad(file, text), ...(passedBefore ? { passedBefore } : {}) });
    if (!result.ok) return this.entryOf(file, stamp, previous, result);
    // The text is what is published; the validated manifest is what is served.
    const { manifest, standalone, ...rest } = result;
    const standaloneText = JSON.stringify(standalone);
    return this.entryOf(file, stamp, previous, rest, {
      text: standaloneText,
      hash: hashOfText(standaloneText),
      claims: claimsOf(manifest),
      held: holdManifest(manifest),
      extendsTemplates: "extends" in manifest,
    });
  }

  /** An entry from a file loaded elsewhere (`loadFile`). */
  private loadedEntry(file: string, stamp: string, previous: Entry | null, loaded: LoadedFile): Entry {
    if (!loaded.ok) return this.entryOf(file, stamp, previous, loaded);
    const { standaloneText, hash, claims, packed, extendsTemplates, ...rest } = loaded;
    // A copy sent from another thread arrives as a plain Uint8Array of its own size.
    const buffer = (u8: Uint8Array) => Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength);
    return this.entryOf(file, stamp, previous, rest, {
      text: standaloneText,
      hash,
      claims,
      held: holdPacked(buffer(packed)),
      extendsTemplates: !!extendsTemplates,
    });
  }

  private entryOf(
    file: string,
    stamp: string,
    previous: Entry | null,
    result: Extract<ManifestLoadResult, { ok: false }> | Omit<ValidLoad, "manifest" | "standalone">,
    valid?: { text: string; hash: string; claims: ClaimVersion; held: HeldManifest; extendsTemplates: boolean },
  ): Entry {
    const entry: Entry = {
      path: file,
      file: result.file,
      name: path.basename(file, ".json"),
      stamp,
      templates: result.templates ?? [],
      result: result as ManifestLoadResult,
      lastGood: previous?.lastGood ?? null,
    };
    if (result.ok && valid) {
      entry.standalone = { text: valid.text, hash: valid.hash };
      entry.claims = valid.claims;
      entry.held = valid.held;
      // What is published of a file that extends templates is the manifest without `extends`.
      entry.publishedHeld = valid.extendsTemplates ? heldWithoutExtends(valid.held) : valid.held;
      manifestHeldIn(result as ValidLoad, valid.held);
    }
    return entry;
  }

  /** Decides what each dealer is served (claims.ts), builds the snapshot and swaps it in. */
  private swap(): void {
    const entries = [...this.entries.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
    const candidates: ClaimCandidate[] = entries.map((e) => ({
      file: e.file,
      current: e.result.ok ? e.claims! : null,
      fallback: e.lastGood ? e.lastGood.claims : null,
    }));
    const { outcomes, holders } = assignClaims(candidates, this.holders);
    const previous = this.current;
    const sites: SiteRecord[] = entries.map((e) => {
      const outcome = outcomes.get(e.file)!;
      const problems = e.result.ok ? outcome.conflicts.map((c) => locateConflict(e, c)) : e.result.problems;
      if (outcome.chosen === "current" && e.result.ok) {
        this.rememberGood(e);
        return servedSite(e.held!, e.claims!, { file: e.file, pending: [] });
      }
      if (outcome.chosen === "fallback" && e.lastGood) {
        return servedSite(e.lastGood.held, e.lastGood.claims, { file: e.file, pending: problems, lastGoodSince: e.lastGood.since });
      }
      const identity = e.result.ok
        ? { slug: e.claims!.slug, hosts: [] as string[] }
        : { slug: e.result.slug ?? e.name, hosts: (e.result.hosts ?? []).map((h) => h.toLowerCase()) };
      // A refused newcomer answers on none of its hosts: they belong to the dealer holding them.
      const hosts = identity.hosts.filter((h) => holders.get(`host:${h}`) === undefined);
      return { status: "invalid", slug: identity.slug, file: e.file, hosts, problems };
    });
    const { bySlug, byHost, byRedirectHost } = indexSites(sites);
    this.generation++;
    const next: SiteStore = { sites, bySlug, byHost, byRedirectHost, version: `g${this.generation}` };
    this.logChanges(next, previous);
    this.current = next;
    this.holders = holders;
    for (const listener of this.listeners) listener();
  }

  /** Calls `listener` after every new snapshot (a file changed); returns the function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Every manifest file as read and validated on its own, in file name order (for publishing). */
  fileVersions(): FileVersion[] {
    this.snapshot();
    return [...this.entries.values()]
      .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
      .map((e) => ({ name: e.name, file: e.file, result: e.result, standalone: e.standalone, held: e.held, claims: e.claims, publishedHeld: e.publishedHeld }));
  }

  /**
   * Lets go of the standalone texts of these files (a thousand dealers' texts are about 40 MB):
   * once published, a file's hash is all that publishing and reloading compare.
   */
  forgetTexts(names: Iterable<string>): void {
    const forget = new Set(names);
    for (const e of this.entries.values()) if (e.standalone && forget.has(e.name)) e.standalone = { hash: e.standalone.hash };
  }

  /** A file's standalone text: kept, or read and checked again; undefined when the file no longer has that content (its hash). */
  standaloneText(name: string): string | undefined {
    const e = [...this.entries.values()].find((x) => x.name === name);
    if (!e?.standalone) return undefined;
    if (e.standalone.text !== undefined) return e.standalone.text;
    const again = this.loadEntry(e.path, e.stamp, null);
    return again.standalone?.hash === e.standalone.hash ? again.standalone.text : undefined;
  }

  /** Where a conflict's pointer is in a file (line and column), for problems shown against it. */
  locate(name: string, conflict: { pointer: string; message: string; hint?: string }): ManifestProblem {
    const e = [...this.entries.values()].find((x) => x.name === name);
    if (e) return locateConflict(e, conflict);
    const file = path.relative(process.cwd(), path.join(this.options.dir, `${name}.json`));
    return { file, line: 1, column: 1, pointer: conflict.pointer, message: conflict.message, hint: conflict.hint, source: "claims" };
  }

  // ---- last good versions ---------------------------------------------------------

  private rememberGood(e: Entry): void {
    // Unchanged since the last swap (the usual case: one dealer of a thousand was edited).
    if (e.lastGood?.held === e.held) return;
    e.lastGood = { held: e.held!, claims: e.claims!, since: new Date().toISOString() };
  }

  // ---- files ----------------------------------------------------------------------

  private readTemplateStampsSync(): Map<string, string> {
    const stamps = new Map<string, string>();
    const sub = path.join(this.options.dir, "templates");
    let names: string[] = [];
    try {
      names = readdirSync(/*turbopackIgnore: true*/ sub).filter((f) => f.endsWith(".json"));
    } catch {
      return stamps;
    }
    for (const f of names) {
      try {
        stamps.set(f.slice(0, -5), stampOf(statSync(/*turbopackIgnore: true*/ path.join(sub, f))));
      } catch {
        // removed since the listing
      }
    }
    return stamps;
  }

  private async statManifests(dir: string): Promise<Map<string, string>> {
    return this.statJsonFiles(dir, (f) => path.join(dir, f));
  }

  private async statTemplates(dir: string): Promise<Map<string, string>> {
    return this.statJsonFiles(path.join(dir, "templates"), (f) => f.slice(0, -5));
  }

  /** The stamps of these manifest files (absolute paths), of those that are still files. */
  private async statFiles(files: Set<string>): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const file of [...files].sort()) {
      const st = await stat(/*turbopackIgnore: true*/ file).catch(() => null);
      if (st?.isFile()) out.set(file, stampOf(st));
    }
    return out;
  }

  private async statJsonFiles(dir: string, keyOf: (name: string) => string): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    let names: string[];
    try {
      names = (await readdir(/*turbopackIgnore: true*/ dir)).filter((f) => f.endsWith(".json")).sort();
    } catch {
      return out;
    }
    const stats = await Promise.all(names.map((f) => stat(/*turbopackIgnore: true*/ path.join(dir, f)).catch(() => null)));
    names.forEach((f, i) => {
      const st = stats[i];
      if (st?.isFile()) out.set(keyOf(f), stampOf(st));
    });
    return out;
  }

  // ---- watching ---------------------------------------------------------------------

  /**
   * Refreshes when a file changes: file-system events for speed, each looking only at the file
   * it names (`refreshNamed`; an event in the templates folder looks at the templates), and a
   * check of every file every two seconds in case events are not delivered (some container and
   * network file systems drop them). Events within 30 ms are looked at together.
   */
  watch(): void {
    if (this.timer) return;
    let pending: NodeJS.Timeout | null = null;
    let scope: RescanScope | null = null;
    const soon = (part: RescanScope) => {
      scope = scope ? joinScopes(scope, part) : part;
      if (pending) return;
      pending = setTimeout(() => {
        const asked = scope!;
        pending = null;
        scope = null;
        void this.refreshScope(asked).catch((error: Error) => this.log(`[manifest] refresh failed: ${error.message}`));
      }, 30);
      pending.unref();
    };
    const { dir } = this.options;
    const watched: [string, (name: string | null) => RescanScope | null][] = [
      // An event without a name (the kernel's queue overflowed) may stand for any file: every file is looked at.
      [dir, (name) => (name === null ? EVERY_FILE : name.endsWith(".json") ? { all: false, files: new Set([path.join(dir, name)]), templates: false } : null)],
      [path.join(dir, "templates"), () => ({ all: false, files: new Set(), templates: true })],
    ];
    for (const [folder, scopeOf] of watched) {
      try {
        const w = watch(/*turbopackIgnore: true*/ folder, { persistent: false }, (_event, name) => {
          const part = scopeOf(name === null ? null : String(name));
          if (part) soon(part);
        });
        w.on("error", () => w.close());
        this.watchers.push(w);
      } catch {
        // The periodic check still covers this folder.
      }
    }
    this.timer = setInterval(() => soon(EVERY_FILE), 2000);
    this.timer.unref();
  }

  close(): void {
    for (const w of this.watchers.splice(0)) w.close();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private logChanges(next: SiteStore, previous: SiteStore | null): void {
    for (const site of next.sites) {
      const before = previous?.bySlug.get(site.slug);
      if (site.status === "invalid") {
        if (before?.status === "invalid" && JSON.stringify(before.problems) === JSON.stringify(site.problems)) continue;
        this.log(
          `[manifest] site '${site.slug}' is offline (503): it has no valid version yet:\n${site.problems.map((p) => "  " + formatProblem(p)).join("\n")}`,
        );
      } else if (site.pending.length) {
        if (before?.status === "ok" && JSON.stringify(before.pending) === JSON.stringify(site.pending)) continue;
        this.log(
          `[manifest] site '${site.slug}': the edit to ${site.file} is not live; the last good version (valid at ${site.lastGoodSince}) is still served:\n${site.pending.map((p) => "  " + formatProblem(p)).join("\n")}`,
        );
      }
    }
  }
}

/** What one rescan looks at: every file of the folder and the templates, or only the files named (and the templates). */
interface RescanScope {
  all: boolean;
  files: ReadonlySet<string>;
  templates: boolean;
}

const EVERY_FILE: RescanScope = { all: true, files: new Set(), templates: true };

function joinScopes(a: RescanScope, b: RescanScope): RescanScope {
  if (a.all || b.all) return EVERY_FILE;
  return { all: false, files: new Set([...a.files, ...b.files]), templates: a.templates || b.templates };
}

/** A served dealer's record: its identity from the claims, its manifest read from where it is held. */
export function servedSite(
  held: HeldManifest,
  claims: ClaimVersion,
  rest: { file: string; pending: ManifestProblem[]; lastGoodSince?: string },
): Extract<SiteRecord, { status: "ok" }> {
  const site = {
    status: "ok" as const,
    slug: claims.slug,
    file: rest.file,
    hosts: claims.hosts,
    // Always set (empty when none): indexing the snapshot must not read the manifest to find out.
    redirectHosts: claims.redirectHosts ?? [],
    pending: rest.pending,
    ...(rest.lastGoodSince ? { lastGoodSince: rest.lastGoodSince } : {}),
  };
  return manifestHeldIn(site as typeof site & { manifest: DealerManifest }, held);
}

function locateConflict(e: Entry, conflict: { pointer: string; message: string; hint?: string }): ManifestProblem {
  let pos = { line: 1, column: 1 };
  try {
    pos = new JsonSource(e.file, readFileSync(/*turbopackIgnore: true*/ e.path, "utf8")).locate(conflict.pointer) ?? pos;
  } catch {
    // The file went away meanwhile; the next refresh drops it.
  }
  return { file: e.file, line: pos.line, column: pos.column, pointer: conflict.pointer, message: conflict.message, hint: conflict.hint, source: "claims" };
}

/**
 * Reads and validates every manifest in a folder, with no history and no last good versions:
 * `npm run validate` and tests. The server uses getSiteStore().
 */
export function buildSiteStore(dir = manifestsDir()): SiteStore {
  // No log: the caller reports the problems itself.
  return new ManifestStore({ dir, publicDir: publicDir(), log: () => {} }).snapshot();
}

// ---- the process's store ------------------------------------------------------------

const GLOBAL_KEY = Symbol.for("dealer-platform.manifest-store");
type Holder = { [GLOBAL_KEY]?: Map<string, ManifestStore> };

/** The process's store for MANIFESTS_DIR (one per folder), created and watched on first use. */
export function manifestStore(dir = manifestsDir()): ManifestStore {
  const store = storeFor(dir);
  store.snapshot();
  store.watch();
  return store;
}

/**
 * The process's store for MANIFESTS_DIR once its manifests are read, read without holding the
 * event loop (ManifestStore.load): what the server awaits at start.
 */
export async function loadManifestStore(
  dir = manifestsDir(),
  options: { checks?: CheckMemory; loadFiles?: StoreOptions["loadFiles"] } = {},
): Promise<ManifestStore> {
  const store = storeFor(dir);
  if (options.checks) store.useChecks(options.checks);
  if (options.loadFiles) store.useLoader(options.loadFiles);
  await store.load();
  store.watch();
  return store;
}

function storeFor(dir: string): ManifestStore {
  const holder = globalThis as Holder;
  const stores = (holder[GLOBAL_KEY] ??= new Map());
  let store = stores.get(dir);
  if (!store) {
    store = new ManifestStore({ dir, publicDir: publicDir() });
    stores.set(dir, store);
  }
  return store;
}

/**
 * What the process serves when it serves published versions rather than its files (the server:
 * runtime/fleet/manifests.ts installs it at start; the manifest pipeline itself knows no database).
 */
export interface PublishedSource {
  snapshot(): SiteStore;
  /** Reads the files again, publishes what changed and resolves with what is served then. */
  refresh(): Promise<SiteStore>;
}

const SOURCE_KEY = Symbol.for("dealer-platform.manifest-published-source");
type SourceHolder = { [SOURCE_KEY]?: PublishedSource | null };

/** Serves `source` from now on (null: the files again). */
export function servePublished(source: PublishedSource | null): void {
  (globalThis as SourceHolder)[SOURCE_KEY] = source;
}

/** The dealers this process serves: the published versions in a server, else the manifest files (scripts, tests). */
export function getSiteStore(): SiteStore {
  return (globalThis as SourceHolder)[SOURCE_KEY]?.snapshot() ?? manifestStore().snapshot();
}

/** Looks for changes now instead of waiting for the watcher (POST /api/revalidate). */
export function refreshSiteStore(): Promise<SiteStore> {
  return (globalThis as SourceHolder)[SOURCE_KEY]?.refresh() ?? manifestStore().refresh();
}
