import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { diagnoseManifest, draftFile, type ManifestDiagnostics } from "./diagnostics";
import { manifestsDir, publicDir } from "./store";

/**
 * Previews of drafts on the preview host `{name}.preview.localhost` (the directory host's
 * /preview/{name}/… sends there), each with its diagnostics. A draft is a new dealer's file
 * (manifests/drafts/{name}.json) or one of the studio's working copies, which live in the shared
 * database (runtime/fleet/working-copies.ts registers them here with `setWorkingCopySource`), so
 * every process of a fleet previews the same one. A preview has its own host, never a dealer's, so a draft is never served on a live
 * site, and the site's own links and APIs work unchanged. Only where the directory is on
 * (SITE_DIRECTORY, runtime/tenant.ts).
 */
export const PREVIEW_HOST_SUFFIX = ".preview.localhost";

export interface DraftPreview {
  name: string;
  /** Absolute path of the draft. */
  path: string;
  diagnostics: ManifestDiagnostics;
}

interface Cached {
  stamp: string;
  preview: DraftPreview;
}

const KEY = Symbol.for("dealer-platform.draft-previews");
type Holder = { [KEY]?: Map<string, Cached> };
/** On globalThis: the proxy and the pages are separate module instances in Next's output (as with the store). */
const cache = ((globalThis as Holder)[KEY] ??= new Map<string, Cached>());

/** A working copy's text and a stamp that changes whenever it does. */
export interface WorkingCopyText {
  text: string;
  stamp: string;
}

const SOURCE_KEY = Symbol.for("dealer-platform.working-copy-source");
type SourceHolder = { [SOURCE_KEY]?: (name: string) => WorkingCopyText | null };

/** Where the studio's working copies are read from (this process's mirror of the database's). */
export function setWorkingCopySource(source: ((name: string) => WorkingCopyText | null) | null): void {
  const g = globalThis as SourceHolder;
  if (source) g[SOURCE_KEY] = source;
  else delete g[SOURCE_KEY];
}

const workingCopy = (name: string) => (globalThis as SourceHolder)[SOURCE_KEY]?.(name) ?? null;

/** Changes when the draft or any template changes (a draft extends a template). */
function stampOf(file: string, dir: string, own?: string): string {
  const parts = [own ?? file];
  const templates = path.join(dir, "templates");
  const files = existsSync(/*turbopackIgnore: true*/ templates) ? readdirSync(/*turbopackIgnore: true*/ templates).map((f) => path.join(templates, f)) : [];
  for (const f of own === undefined ? [file, ...files] : files) {
    const st = statSync(/*turbopackIgnore: true*/ f);
    parts.push(`${st.mtimeMs}:${st.size}`);
  }
  return parts.join("|");
}

/** The draft named `name`, diagnosed (again only when it or a template changed); null when there is none. */
export function draftPreview(name: string, dir = manifestsDir()): DraftPreview | null {
  const copy = workingCopy(name);
  if (copy)
    return diagnosed(
      name,
      path.join(dir, "drafts", `${name}.json`),
      dir,
      () => stampOf("", dir, copy.stamp),
      () => copy.text,
    );
  const file = draftFile(dir, name);
  if (!file) {
    cache.delete(`${dir}\0${name}`);
    return null;
  }
  return diagnosed(
    name,
    file,
    dir,
    () => stampOf(file, dir),
    () => readFileSync(/*turbopackIgnore: true*/ file, "utf8"),
  );
}

function diagnosed(name: string, file: string, dir: string, stampNow: () => string, text: () => string): DraftPreview | null {
  let stamp: string;
  try {
    stamp = stampNow();
  } catch {
    return null; // moved away (published) between the look and the read
  }
  const hit = cache.get(`${dir}\0${name}`);
  if (hit?.stamp === stamp) return hit.preview;
  const diagnostics = diagnoseManifest(file, { manifestsDir: dir, publicDir: publicDir() }, text());
  const preview = { name, path: file, diagnostics };
  cache.set(`${dir}\0${name}`, { stamp, preview });
  return preview;
}

/** The draft name a preview host stands for ("coast-chery.preview.localhost" → "coast-chery"), else null. */
export function previewNameOf(host: string): string | null {
  if (!host.endsWith(PREVIEW_HOST_SUFFIX)) return null;
  const name = host.slice(0, -PREVIEW_HOST_SUFFIX.length);
  return /^[a-z0-9-]+$/.test(name) ? name : null;
}

/** The preview origin for a draft, on the port the directory was reached on. */
export function previewOrigin(name: string, port: string, proto = "http"): string {
  return `${proto}://${name}${PREVIEW_HOST_SUFFIX}${port ? `:${port}` : ""}`;
}
