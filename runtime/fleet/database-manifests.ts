/**
 * The manifests the shared database holds beside the files in manifests/: the new dealers' drafts
 * made in the studio (/studio/new: rows of studio_working_copies named by the draft alone, never
 * "studio-…") and each dealer's live version (manifest_versions; a dealer put live from the studio
 * has no file at all). `npm run new-dealer` refuses what they already claim and `npm run validate`
 * checks them as it checks files.
 */
import type { Queryable } from "@/runtime/db";
import { manifestCollection } from "@/runtime/manifest/store";
import { liveVersions } from "./manifests";
import { STUDIO_COPY_PREFIX } from "./working-copies";

/** A version is stored as compact JSON: laid out two spaces deep, so a problem's line and column point somewhere readable. */
function pretty(text: string): string {
  try {
    return `${JSON.stringify(JSON.parse(text), null, 2)}\n`;
  } catch {
    return text;
  }
}

export interface HeldManifest {
  kind: "draft" | "published";
  /** The draft's short name, or the dealer's version name (its slug). */
  name: string;
  /** The draft's text, or the version's (laid out by `pretty`). */
  text: string;
  /** The published version's number and its hash (the same text of a file has the same hash: validateVersion). */
  id?: number;
  hash?: string;
  by: string | null;
  at: string;
}

/** Every held draft and every live version of the collection `dir` names, drafts first, each sorted by name. */
export async function databaseManifests(q: Queryable, dir: string): Promise<HeldManifest[]> {
  const collection = manifestCollection(dir);
  const rows = await q.query<{ name: string; manifest: string; updated_by: string | null; updated_at: Date | string }>(
    "SELECT name, manifest, updated_by, updated_at FROM studio_working_copies WHERE collection = $1 ORDER BY name",
    [collection],
  );
  const drafts: HeldManifest[] = rows
    .filter((r) => /^[a-z0-9-]+$/.test(r.name) && !r.name.startsWith(STUDIO_COPY_PREFIX))
    .map((r) => ({ kind: "draft", name: r.name, text: r.manifest, by: r.updated_by, at: new Date(r.updated_at).toISOString() }));
  const live = [...(await liveVersions(q, collection)).values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((v): HeldManifest => ({ kind: "published", name: v.name, text: pretty(v.text), id: v.id, hash: v.hash, by: v.publishedBy, at: v.publishedAt }));
  return [...drafts, ...live];
}

/** How a held manifest is named to people: where it is, since it is not a file. */
export function heldLabel(m: Pick<HeldManifest, "kind" | "name" | "id">): string {
  return m.kind === "draft" ? `database: draft ${m.name} (made in the studio)` : `database: ${m.name}, published version ${m.id}`;
}
