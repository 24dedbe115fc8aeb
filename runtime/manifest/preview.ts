import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { diagnoseManifest, draftFile, type ManifestDiagnostics } from "./diagnostics";
import { manifestsDir, publicDir } from "./store";

/**
 * Previews of drafts (manifests/drafts/{name}.json) on the preview host
 * `{name}.preview.localhost` (the directory host's /preview/{name}/… sends there), each with its
 * diagnostics. A preview has its own host, never a dealer's, so a draft is never served on a live
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

/** Changes when the draft or any template changes (a draft extends a template). */
function stampOf(file: string, dir: string): string {
  const parts = [file];
  const templates = path.join(dir, "templates");
  const files = existsSync(/*turbopackIgnore: true*/ templates) ? readdirSync(/*turbopackIgnore: true*/ templates).map((f) => path.join(templates, f)) : [];
  for (const f of [file, ...files]) {
    const st = statSync(/*turbopackIgnore: true*/ f);
    parts.push(`${st.mtimeMs}:${st.size}`);
  }
  return parts.join("|");
}

/** The draft named `name`, diagnosed (again only when it or a template changed); null when there is none. */
export function draftPreview(name: string, dir = manifestsDir()): DraftPreview | null {
  const file = draftFile(dir, name);
  if (!file) {
    cache.delete(`${dir}\0${name}`);
    return null;
  }
  let stamp: string;
  try {
    stamp = stampOf(file, dir);
  } catch {
    return null; // moved away (published) between the look and the read
  }
  const hit = cache.get(`${dir}\0${name}`);
  if (hit?.stamp === stamp) return hit.preview;
  const diagnostics = diagnoseManifest(file, { manifestsDir: dir, publicDir: publicDir() }, readFileSync(/*turbopackIgnore: true*/ file, "utf8"));
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
