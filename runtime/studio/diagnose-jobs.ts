/**
 * The studio's long manifest work, as jobs a worker thread runs (diagnose-worker.ts) or, when no
 * worker can be had, this thread (diagnose-off-loop.ts): each is tens of milliseconds of
 * synchronous work (a manifest's load, merge and checks) that would hold every dealer's requests
 * on the server's one event loop.
 *
 *  - diagnose: the pipeline's diagnosis of one manifest text (a check, a save);
 *  - standalone: one manifest merged with its templates into one self-contained text (the
 *    preview of an edited template, written as its working copy);
 *  - version: the validation a published version must pass (runtime/fleet/manifests.ts
 *    `validateVersion`), its result in plain fields, since a class does not cross threads;
 *  - files: the server's first read of its manifest files (runtime/manifest/store.ts `loadFile`),
 *    each manifest packed, so the server's heap never holds the validation's garbage;
 *  - goLive: the go-live check of manifest files (the staff directory lists every dealer's).
 *
 * Everything a job needs is in it (texts, folders): a worker shares no memory with the server.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { validateVersion } from "../fleet/manifests";
import type { ClaimVersion } from "../manifest/claims";
import { diagnoseManifest, type ManifestDiagnostics } from "../manifest/diagnostics";
import { loadManifest, type ManifestLoadOptions } from "../manifest/load";
import type { ManifestProblem } from "../manifest/problems";
import { loadFile, type FileLoad, type LoadedFile } from "../manifest/store";

/** A template's text in place of its file, for the manifests that extend it. */
export interface TemplateInPlace {
  name: string;
  text: string;
}

/** One diagnosis: the file's path and the text to check in its place; a template's text in place of its file when checking a template's user. */
export interface DiagnoseJob {
  kind?: "diagnose";
  file: string;
  text: string;
  manifestsDir: string;
  publicDir: string;
  template?: TemplateInPlace;
}

/** One manifest (`text`, read as `file`) merged with its templates, the edited one's text in place of its file. */
export interface StandaloneJob {
  kind: "standalone";
  file: string;
  text: string;
  manifestsDir: string;
  publicDir: string;
  template: TemplateInPlace;
}

/** A dealer's text validated as version `name` of it. */
export interface VersionJob {
  kind: "version";
  name: string;
  text: string;
  manifestsDir: string;
  publicDir: string;
}

/** Manifest files loaded as the server's store loads them at start. */
export interface FilesJob {
  kind: "files";
  files: FileLoad[];
}

/** The go-live check of each file, read from disk. */
export interface GoLiveJob {
  kind: "goLive";
  files: string[];
  manifestsDir: string;
  publicDir: string;
}

export type StudioJob = DiagnoseJob | StandaloneJob | VersionJob | FilesJob | GoLiveJob;

/** A validated version's fields (runtime/fleet/manifests.ts `ValidVersion`). */
export interface VersionParts {
  name: string;
  text: string;
  hash: string;
  claims: ClaimVersion;
}

export type VersionCheck = { ok: true; version: VersionParts } | { ok: false; problems: ManifestProblem[] };

/** What each kind of job answers. */
export type JobResult<J extends StudioJob> = J extends StandaloneJob
  ? string | null
  : J extends VersionJob
    ? VersionCheck
    : J extends FilesJob
      ? LoadedFile[]
      : J extends GoLiveJob
        ? ManifestProblem[][]
        : ManifestDiagnostics;

const options = (job: { manifestsDir: string; publicDir: string; template?: TemplateInPlace }): ManifestLoadOptions => {
  const template = job.template;
  return {
    manifestsDir: job.manifestsDir,
    publicDir: job.publicDir,
    ...(template ? { templateText: (name: string) => (name === template.name ? template.text : undefined) } : {}),
  };
};

/**
 * A file's go-live problems; none when it cannot be read (it was removed since it was listed). A
 * check that throws is reported as the file's one warning: the directory lists every dealer, and
 * one file must not take the list down.
 */
function goLiveOfFile(file: string, dirs: { manifestsDir: string; publicDir: string }): ManifestProblem[] {
  let text: string;
  try {
    text = readFileSync(/*turbopackIgnore: true*/ file, "utf8");
  } catch {
    return [];
  }
  try {
    return diagnoseManifest(file, dirs, text).goLive;
  } catch (error) {
    const message = `the go-live check could not run on this file (${error instanceof Error ? error.message : String(error)})`;
    return [{ file: path.relative(process.cwd(), file) || file, line: 1, column: 1, pointer: "", message, source: "go-live", goLive: "warning" }];
  }
}

/** Runs one job in this thread. */
export function runStudioJob<J extends StudioJob>(job: J): JobResult<J> {
  return runAny(job) as JobResult<J>;
}

function runAny(job: StudioJob): ManifestDiagnostics | string | null | VersionCheck | LoadedFile[] | ManifestProblem[][] {
  switch (job.kind) {
    case "goLive":
      return job.files.map((file) => goLiveOfFile(file, job));
    case "files":
      return job.files.map(loadFile);
    case "standalone": {
      // The merged manifest as the preview reads it: pretty, one value per line; null when it does not load.
      const r = loadManifest(job.file, options(job), job.text);
      return r.ok ? `${JSON.stringify(r.standalone, null, 2)}\n` : null;
    }
    case "version": {
      const r = validateVersion(job.name, job.text, { manifestsDir: job.manifestsDir, publicDir: job.publicDir });
      if (!r.ok) return r;
      const { name, text, hash, claims } = r.version;
      return { ok: true, version: { name, text, hash, claims } };
    }
    default:
      return diagnoseManifest(job.file, options(job), job.text);
  }
}
