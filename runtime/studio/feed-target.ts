/**
 * Whose stock feed the studio's feed screen works on: a live dealer (/studio/{dealer}/feed) or a
 * new dealer's draft (/studio/drafts/{name}/feed), so a draft gets its feed connected, dry-run and
 * imported before it goes live instead of going live with no cars.
 *
 * A draft's stock is kept exactly where the dealer's will be: under the site slug the draft will
 * go live with (the stock file, the upload, the run history and the last good run are keyed by it)
 * and under its dealership ids (which cars a site lists). So the draft's preview shows its real
 * cars, and putting the draft live (publish.ts publishDraft) needs nothing more: the live dealer
 * has the same slug, dealership ids and `stockFeed`, so it shows the cars at once and the nightly
 * run carries on. What would let a draft's cars reach another site is refused instead: a slug a
 * live dealer has (its stock file would be replaced) and a dealership id another dealer or draft
 * lists (the cars would be listed there too).
 */
import { parse } from "jsonc-parser";
import type { DealerManifest } from "../generated/types";
import { allDrafts } from "../fleet/working-copies";
import { getSiteStore, manifestsDir, publicDir } from "../manifest/store";
import { diagnoseOffLoop } from "./diagnose-off-loop";
import { placeOf, plainMessage } from "./messages";
import { studioFeedPath, studioPathOf } from "./targets";
import { readText, studioDraftFile } from "./working-copy";

export interface FeedTarget {
  kind: "dealer" | "draft";
  /** The dealer's slug or the draft's name, as in the studio's addresses. */
  name: string;
  /** The site slug its stock, export, runs and pictures are kept under (a draft's: the one it goes live with). */
  slug: string;
  /** The manifest as served (a draft's loaded through the same pipeline, templates merged, defaults filled). */
  manifest: DealerManifest;
  /** The feed screen's address; its posts are this plus /upload and /mapping. */
  screen: string;
  /** The editor's address. */
  editor: string;
  /** A draft's file (or where it would be, for one the database holds). */
  file?: string;
  /** Why its stock may not be imported now, in words; undefined when it may. */
  importBlocked?: string;
}

/** A target the screen cannot work on, and why (a draft that does not load yet, or whose slug is taken). */
export interface FeedRefusal {
  problem: string;
  editor: string;
}

const SITE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A live dealer's feed target; null when the studio serves no valid dealer of that slug. */
export function dealerFeedTarget(slug: string): FeedTarget | null {
  const site = getSiteStore().bySlug.get(slug);
  if (site?.status !== "ok") return null;
  return { kind: "dealer", name: slug, slug, manifest: site.manifest, screen: studioFeedPath(slug), editor: studioPathOf({ kind: "dealer", name: slug }) };
}

/**
 * The site slug a draft goes live with (its `slug`, else its name) and its text, or why its
 * pictures and stock cannot be kept under it: a live dealer has that slug. Null for no such draft.
 */
export function draftSiteSlug(name: string, dir = manifestsDir()): { slug: string; file: string; text: string } | { problem: string } | null {
  const file = studioDraftFile(name, dir);
  if (!file) return null;
  const text = readText(file);
  const written = (parse(text) as { slug?: unknown } | undefined)?.slug;
  const slug = typeof written === "string" && SITE_SLUG.test(written) ? written : name;
  if (getSiteStore().bySlug.has(slug))
    return {
      problem: `The live dealer ${slug} already has this draft's slug, so the draft's stock and pictures would be mixed with its own. Give the draft a slug of its own first.`,
    };
  return { slug, file, text };
}

/** The dealership ids of a draft's text as written (no template is read: a dealer's dealerships are its own). */
function writtenDealerships(text: string): number[] {
  const value = parse(text) as { dealerships?: { id?: unknown }[] } | undefined;
  return (Array.isArray(value?.dealerships) ? value.dealerships : []).map((d) => d?.id).filter((id): id is number => typeof id === "number");
}

/** Which other live dealer or draft lists one of these dealership ids (whose site would list the imported cars too). */
export function dealershipHolder(ids: readonly number[], self: { slug: string; draft: string }, dir = manifestsDir()): string | null {
  for (const site of getSiteStore().sites) {
    if (site.status !== "ok" || site.slug === self.slug) continue;
    const shared = site.manifest.dealerships.find((d) => ids.includes(d.id));
    if (shared) return `the dealership ${shared.id} is also listed by the live dealer ${site.slug}`;
  }
  for (const other of allDrafts(dir)) {
    if (other === self.draft) continue;
    const file = studioDraftFile(other, dir);
    const shared = file ? writtenDealerships(readText(file)).find((id) => ids.includes(id)) : undefined;
    if (shared !== undefined) return `the dealership ${shared} is also listed by the draft ${other}`;
  }
  return null;
}

/**
 * A draft's feed target, loaded as its preview loads it; a refusal in words when it cannot be
 * worked on yet; null for no such draft.
 */
export async function draftFeedTarget(name: string, dir = manifestsDir()): Promise<FeedTarget | FeedRefusal | null> {
  const editor = studioPathOf({ kind: "draft", name });
  const own = draftSiteSlug(name, dir);
  if (!own) return null;
  if ("problem" in own) return { problem: own.problem, editor };
  const d = await diagnoseOffLoop({ file: own.file, text: own.text, manifestsDir: dir, publicDir: publicDir() });
  if (!d.ok || !d.manifest) {
    const first = d.errors[0];
    const where = first?.pointer ? `${placeOf(first.pointer)}: ` : "";
    return {
      problem: `The draft has ${d.errors.length === 1 ? "a problem" : `${d.errors.length} problems`} to fix in its editor before its stock feed can be read${first ? ` (${where}${plainMessage(first)})` : ""}.`,
      editor,
    };
  }
  const holder = dealershipHolder(
    d.manifest.dealerships.map((x) => x.id),
    { slug: own.slug, draft: name },
    dir,
  );
  return {
    kind: "draft",
    name,
    slug: own.slug,
    manifest: d.manifest,
    screen: studioFeedPath(name, "draft"),
    editor,
    file: own.file,
    ...(holder
      ? {
          importBlocked: `The stock is not imported while ${holder}: its cars would show on that site too. Dry run and Save the mapping work; give the draft its own dealership id to import.`,
        }
      : {}),
  };
}
