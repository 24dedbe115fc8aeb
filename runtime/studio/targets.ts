/**
 * What the studio edits: a live dealer's manifest, a draft (manifests/drafts/, made by
 * `npm run new-dealer`) or a template (manifests/templates/). Each has its own address, its own
 * working copy for the preview and, for a template, the dealers and drafts that use it. Pure.
 */
import { placeOf, plainMessage, type StudioProblem } from "./messages";
import { templateChain } from "./template-origin";

export type StudioKind = "dealer" | "draft" | "template";

export interface StudioTarget {
  kind: StudioKind;
  name: string;
}

/** Names the studio accepts in an address: a file name without .json, never a path. */
export const STUDIO_NAME = /^[a-z0-9-]+$/;

/** Prefix of the studio's working copies in drafts/: never a draft or template of anyone's. */
const WORKING_PREFIX = "studio-";

/**
 * The target an address names, or null: the name must be a plain name (no dots or slashes, so no
 * path traversal), not one of the studio's own working copies, and one that exists (`available`).
 */
export function resolveTarget(kind: StudioKind, name: string, available: readonly string[]): StudioTarget | null {
  if (!STUDIO_NAME.test(name)) return null;
  if (kind !== "dealer" && name.startsWith(WORKING_PREFIX)) return null;
  return available.includes(name) ? { kind, name } : null;
}

/** The studio page of a target; its check and save POSTs are this plus /check and /save. */
export function studioPathOf(t: StudioTarget): string {
  return t.kind === "dealer" ? `/studio/${t.name}` : t.kind === "draft" ? `/studio/drafts/${t.name}` : `/studio/templates/${t.name}`;
}

/**
 * The stock feed screen of a live dealer or of a draft (access.ts routes them to
 * app/%5Fstudio/feeds/[dealer] and app/%5Fstudio/drafts/[name]/feed); its posts are this plus /upload and /mapping.
 */
export function studioFeedPath(name: string, kind: "dealer" | "draft" = "dealer"): string {
  return kind === "draft" ? `/studio/drafts/${name}/feed` : `/studio/${name}/feed`;
}

/**
 * The working copy (a draft on its own preview host) the studio's preview frame shows. A dealer's
 * is `studio-{slug}`; a draft's and a template's have a double hyphen, which a dealer's slug never
 * has (its pattern allows single hyphens only), so no two targets share one.
 */
export function workingCopyName(t: StudioTarget): string {
  return t.kind === "dealer" ? `${WORKING_PREFIX}${t.name}` : `${WORKING_PREFIX}-${t.kind}-${t.name}`;
}

export interface ManifestFile {
  kind: "dealer" | "draft";
  name: string;
  /** The file as written (its `extends`). */
  value: unknown;
}

export interface TemplateUser {
  kind: "dealer" | "draft";
  name: string;
  /** The templates between the file and the one asked about, nearest first (empty: it extends it directly). */
  via: string[];
}

/**
 * Every dealer and draft that extends `template`, directly or through other templates (read by
 * `loadTemplate`), live dealers first, each group by name.
 */
export function templateUsers(template: string, files: readonly ManifestFile[], loadTemplate: (name: string) => unknown): TemplateUser[] {
  const out: TemplateUser[] = [];
  for (const f of files) {
    const chain = templateChain(f.value, loadTemplate).map((t) => t.name);
    const at = chain.indexOf(template);
    if (at >= 0) out.push({ kind: f.kind, name: f.name, via: chain.slice(0, at) });
  }
  return out.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "dealer" ? -1 : 1));
}

/** "harbour-motor-group, sunshine-chery and the draft coast-chery" (for "Used by: …"). */
export function usersInWords(users: readonly TemplateUser[]): string {
  return users.map((u) => (u.kind === "draft" ? `${u.name} (draft)` : u.name)).join(", ");
}

export interface RefusedUser {
  kind: "dealer" | "draft";
  name: string;
  problems: StudioProblem[];
}

/**
 * Why a template's save (or change) is refused, in plain words with each dealer named: one line
 * for the whole, then one per problem ("harbour-motor-group: Use a colour like #1a2b3c. (at theme › colors › primary)").
 */
export function refusedTemplateMessage(template: string, refused: readonly RefusedUser[]): string {
  const names = refused.map((r) => (r.kind === "draft" ? `the draft ${r.name}` : r.name));
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
  const lines = refused.flatMap((r) => r.problems.map((p) => `${r.name}: ${plainMessage(p)} (at ${placeOf(p.pointer)})`));
  return [`The template ${template} was not saved: it would make ${who} invalid.`, ...lines].join("\n");
}

/** The problems in `after` that `before` did not have (same source, place and message), so a file broken already blocks only what a change adds. */
export function newProblems<P extends { pointer: string; message: string; source?: string }>(before: readonly P[], after: readonly P[]): P[] {
  const key = (p: P) => `${p.source ?? ""}|${p.pointer}|${p.message}`;
  const had = new Set(before.map(key));
  return after.filter((p) => !had.has(key(p)));
}
