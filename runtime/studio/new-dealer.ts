/**
 * A new dealer made in the studio (/studio/new) or by `npm run new-dealer`: what is taken (live
 * dealers and drafts), the answers turned into a draft (runtime/manifest/new-dealer.ts) and the
 * draft kept: the studio's in the shared database, where every process sees it (working-copy.ts
 * `writeHeldDraft`), the command line's as a file in drafts/ (`writeDraftFile`). Also the form's memory
 * between a refused post and the page that shows it again (a short-lived cookie on /studio/new).
 */
import { parse } from "jsonc-parser";
import type { Db } from "../db";
import { allDrafts } from "../fleet/working-copies";
import type { HeldManifest } from "../fleet/database-manifests";
import { newDealerFromAnswers, type AnswerError, type NewDealer, type NewDealerAnswers, type TakenNames } from "../manifest/new-dealer";
import { postcodePlaces } from "../manifest/postcode-places";
import { getSiteStore, manifestsDir } from "../manifest/store";
import { readText, STUDIO_DRAFT_PREFIX, studioDraftFile, writeDraftFile, writeHeldDraft } from "./working-copy";

type Claims = { slug?: unknown; hosts?: unknown; redirectHosts?: unknown; dealerships?: unknown };

function addClaims(taken: { slugs: Set<string>; hosts: Set<string>; dealershipIds: Set<number> }, m: Claims) {
  if (typeof m.slug === "string") taken.slugs.add(m.slug);
  for (const list of [m.hosts, m.redirectHosts]) if (Array.isArray(list)) for (const h of list) if (typeof h === "string") taken.hosts.add(h.toLowerCase());
  if (Array.isArray(m.dealerships))
    for (const d of m.dealerships) if (typeof (d as { id?: unknown })?.id === "number") taken.dealershipIds.add((d as { id: number }).id);
}

/** Who holds what a manifest the database holds claims, in words, for the slugs and hosts no file claimed first. */
function addHeldClaims(taken: { slugs: Set<string>; hosts: Set<string>; dealershipIds: Set<number>; owners: Map<string, string> }, m: HeldManifest) {
  const owner =
    m.kind === "draft" ? `the draft ${m.name}, made in the studio` : `the dealer ${m.name}, live as version ${m.id} published in the studio's database`;
  let claims: Claims;
  try {
    claims = (parse(m.text) ?? {}) as Claims;
  } catch {
    claims = {};
  }
  for (const slug of [m.name, ...(typeof claims.slug === "string" ? [claims.slug] : [])]) if (!taken.slugs.has(slug)) taken.owners.set(`slug:${slug}`, owner);
  for (const list of [claims.hosts, claims.redirectHosts])
    if (Array.isArray(list))
      for (const h of list) if (typeof h === "string" && !taken.hosts.has(h.toLowerCase())) taken.owners.set(`host:${h.toLowerCase()}`, owner);
  taken.slugs.add(m.name);
  addClaims(taken, claims);
}

/**
 * Slugs, hosts and dealership ids of every live dealer (its file, valid or not), every draft, and
 * what the database holds (`held`: drafts made in the studio and the live versions, for a command
 * line process whose site store has only the files).
 */
export function takenNames(dir = manifestsDir(), held: readonly HeldManifest[] = []): TakenNames {
  const taken = { slugs: new Set<string>(), hosts: new Set<string>(), dealershipIds: new Set<number>(), owners: new Map<string, string>() };
  for (const site of getSiteStore().sites) {
    taken.slugs.add(site.slug);
    for (const h of site.hosts) taken.hosts.add(h);
    if (site.status === "ok") addClaims(taken, site.manifest);
  }
  for (const name of allDrafts(dir)) {
    taken.slugs.add(name);
    const file = studioDraftFile(name, dir);
    try {
      if (file) addClaims(taken, (parse(readText(file)) ?? {}) as Claims);
    } catch {
      // A draft that cannot be read still holds its name; its problems are the check's to report.
    }
  }
  for (const m of held) addHeldClaims(taken, m);
  return taken;
}

/** The answers checked against what is taken, and a short name the studio's own working copies do not use. */
function checkedAnswers(answers: NewDealerAnswers, dir: string, held: readonly HeldManifest[] = []): NewDealer {
  const result = newDealerFromAnswers(answers, takenNames(dir, held), postcodePlaces);
  if (result.ok && result.slug.startsWith(STUDIO_DRAFT_PREFIX))
    return {
      ok: false,
      errors: [{ field: "slug", message: `A short name may not begin with '${STUDIO_DRAFT_PREFIX}': the studio uses those for its own copies.` }],
    };
  return result;
}

const draftTaken = (slug: string): NewDealer => ({
  ok: false,
  errors: [{ field: "slug", message: `'${slug}' is already a draft's short name: choose another.` }],
});

/**
 * The command line's new dealer: when the answers are good, the draft written as a file
 * (drafts/{slug}.json). `held` is what the server's database holds (databaseManifests), so a short
 * name or domain a studio draft or a published dealer uses is refused too.
 */
export function createDealerDraft(answers: NewDealerAnswers, dir = manifestsDir(), held: readonly HeldManifest[] = []): NewDealer {
  const result = checkedAnswers(answers, dir, held);
  if (!result.ok) return result;
  // Checked again right before writing: a draft of the same name made meanwhile is never overwritten.
  if (studioDraftFile(result.slug, dir) || held.some((m) => m.kind === "draft" && m.name === result.slug)) return draftTaken(result.slug);
  writeDraftFile(result.slug, result.text, dir);
  return result;
}

/** The studio's new dealer: when the answers are good, the draft kept in the shared database, seen by every process. */
export async function createStudioDraft(answers: NewDealerAnswers, writer: { db?: Db; by?: string | null } = {}, dir = manifestsDir()): Promise<NewDealer> {
  const result = checkedAnswers(answers, dir);
  if (!result.ok) return result;
  if (studioDraftFile(result.slug, dir)) return draftTaken(result.slug);
  await writeHeldDraft(result.slug, result.text, dir, writer);
  return result;
}

/** The cookie that carries a refused form's answers and problems back to /studio/new (five minutes, this path only). */
export const NEW_DEALER_FORM_COOKIE = "studio-new-dealer";
export const NEW_DEALER_FORM_PATH = "/studio/new";

export interface NewDealerFormState {
  answers: NewDealerAnswers;
  errors: AnswerError[];
}

/** Every question of the form, as the names its fields post. */
export const NEW_DEALER_FIELDS: readonly (keyof NewDealerAnswers)[] = [
  "name",
  "slug",
  "domain",
  "kind",
  "brands",
  "address",
  "street",
  "city",
  "state",
  "postcode",
  "phone",
  "email",
  "timeZone",
  "dealershipId",
  "addressConfirmed",
];

/** The form's fields from a posted body: known names only, strings only, each at most 300 characters. */
export function answersFromFields(fields: Record<string, unknown>): NewDealerAnswers {
  const out: NewDealerAnswers = {};
  for (const k of NEW_DEALER_FIELDS) {
    const v = fields[k];
    if (typeof v === "string") out[k] = v.slice(0, 300);
  }
  return out;
}

export function encodeFormState(state: NewDealerFormState): string {
  return Buffer.from(JSON.stringify(state), "utf8").toString("base64url");
}

/** The state a cookie carries, or null when it is absent or not one. */
export function decodeFormState(value: string | undefined): NewDealerFormState | null {
  if (!value) return null;
  try {
    const raw = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { answers?: unknown; errors?: unknown };
    const answers = answersFromFields((raw.answers ?? {}) as Record<string, unknown>);
    const errors = Array.isArray(raw.errors)
      ? raw.errors
          .filter((e): e is AnswerError => typeof e?.field === "string" && typeof e?.message === "string" && NEW_DEALER_FIELDS.includes(e.field))
          .map((e) => ({ field: e.field, message: e.message.slice(0, 500), ...(e.confirmable === true ? { confirmable: true as const } : {}) }))
      : [];
    return { answers, errors };
  } catch {
    return null;
  }
}
