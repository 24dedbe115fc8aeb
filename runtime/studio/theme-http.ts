import "server-only";
import { createHash } from "node:crypto";
import { parse } from "jsonc-parser";
import { seeOther } from "../http/api-route";
import { getDb } from "../db";
import type { ManifestProblem } from "../manifest/problems";
import { placeOf, plainMessage } from "./messages";
import { studioSubject } from "./http";
import { dealerSource, publishDealer } from "./publish";
import { studioPathOf, type StudioKind, type StudioTarget } from "./targets";
import { FORM_VERSION_FIELD, valueFromForm, type FormReading } from "./theme-form";
import { templatesOf, themeFields } from "./theme-fields";
import { checkTarget, readText, saveValue, studioTargetFile } from "./working-copy";

type Fields = Record<string, string | string[]>;

/** Longest refused post carried back in the address (the theme's fields are short; anything longer is said in words only). */
const MAX_ATTEMPT_CHARS = 4000;

/** Which version of a target a form was read from: a dealer's live version, else a hash of the file's text. */
export function formVersionOf(kind: StudioKind, text: string, liveId?: number | null): string {
  return kind === "dealer" ? `live-${liveId ?? "none"}` : createHash("sha256").update(text, "utf8").digest("hex").slice(0, 32);
}

/** What the target holds now and which version that is. */
async function currentOf(kind: StudioKind, name: string, file: string): Promise<{ text: string; version: string; liveId?: number | null } | null> {
  if (kind === "dealer") {
    const source = await dealerSource(await getDb(), name);
    return source ? { text: source.text, version: formVersionOf(kind, source.text, source.liveId), liveId: source.liveId } : null;
  }
  const text = readText(file);
  return { text, version: formVersionOf(kind, text) };
}

/**
 * A refused theme post carried back in the address, read again over what the target holds now
 * (ignored when that changed since): its value, what the platform's check says of it (a dealer's
 * blocking go-live problems too, as its publish refuses them) and the inputs that did not parse.
 */
export async function themeAttempt(
  target: StudioTarget,
  file: string,
  baseText: string,
  version: string,
  attempt: string,
): Promise<{ value: unknown; problems: ManifestProblem[]; pending: Record<string, { raw: string; messages: string[] }>; lastPointer?: string } | null> {
  const posted = new URLSearchParams(attempt);
  if (posted.get(FORM_VERSION_FIELD) !== version) return null;
  const reading = readThemePost(parse(baseText), (k) => posted.get(k) ?? undefined);
  if (!reading.changed.length && !Object.keys(reading.refused).length) return null;
  const checked = await checkTarget(target, file, baseText, reading.value);
  const blocking = target.kind === "dealer" ? checked.warnings.filter((w) => w.goLive === "blocking") : [];
  const pending = Object.fromEntries(Object.entries(reading.refused).map(([p, r]) => [p, { raw: r.raw, messages: [r.error] }]));
  // A rule about several fields (a colour pair) is shown at the last field the post changed, as after a change in the editor.
  return { value: reading.value, problems: [...checked.errors, ...blocking], pending, lastPointer: reading.changed.at(-1) };
}

/** The theme's fields read from a post (or from a refused post carried back in the address). */
export function readThemePost(value: unknown, get: (name: string) => string | undefined): FormReading {
  return valueFromForm(value, themeFields(), ["theme"], templatesOf(value as Record<string, unknown>), get);
}

const inWords = (p: ManifestProblem) => (p.pointer ? `${placeOf(p.pointer)}: ${plainMessage(p)}` : plainMessage(p));

/** The post's own fields (the theme's and the version), to show the refused attempt again. */
function attemptOf(fields: Fields): string | undefined {
  const keep = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (typeof v === "string" && (k === FORM_VERSION_FIELD || k.startsWith("/theme"))) keep.append(k, v);
  const text = keep.toString();
  return text.length <= MAX_ATTEMPT_CHARS ? text : undefined;
}

/** Back to the editor's theme panel with what happened, and a refused attempt to show at its fields. */
function back(target: StudioTarget, words: string, attempt?: string): Response {
  const q = new URLSearchParams({ panel: "theme", theme: words.slice(0, 600) });
  if (attempt) q.set("attempt", attempt);
  return seeOther(`${studioPathOf(target)}?${q.toString()}#theme-heading`);
}

async function saveTheme(target: StudioTarget, file: string, text: string, value: unknown, liveId: number | null | undefined, by: string) {
  if (target.kind === "dealer") {
    const r = await publishDealer(await getDb(), { slug: target.name, baseText: text, value, liveId: liveId ?? null, by, note: "Theme" });
    if (!r) return { ok: false as const, words: "There is no such dealer." };
    if (r.status === "published") return { ok: true as const, words: `Theme saved and published as version ${r.id}: the live site shows it now.` };
    if (r.status === "unchanged") return { ok: true as const, words: r.message };
    if (r.status === "changed") return { ok: false as const, words: `Not saved: ${r.message}` };
    return { ok: false as const, words: r.message, errors: r.errors };
  }
  const r = await saveValue(file, text, value, new Date(), (f, b, v) => checkTarget(target, f, b, v), { by });
  if (r.status === "saved")
    return { ok: true as const, words: target.kind === "template" ? "Theme saved: every site using this template shows it." : "Theme saved." };
  if (r.status === "changed")
    return { ok: false as const, words: "Not saved: the file was changed since you opened it. The theme now shows what is saved; make your change again." };
  return { ok: false as const, words: r.message ?? `Not saved: ${r.errors.map(inWords).join(" ")}`, errors: r.errors };
}

/**
 * POST /studio/{dealer}/theme, /studio/drafts/{name}/theme, /studio/templates/{name}/theme: the
 * theme's plain form (theme-form.ts), checked exactly as the editor's save (the schema, the rules,
 * a template's users; a dealer's publish adds the go-live check and the checks CI runs) and refused
 * when what it was read from changed since; then back to the editor's theme panel (303) saying
 * what happened, a refused post shown again at its fields.
 */
export async function studioThemePost(kind: StudioKind, name: string, fields: Fields, headers: Headers): Promise<Response> {
  const found = studioTargetFile(kind, name);
  if (!found) return Response.json({ ok: false, message: `There is no such ${kind}.`, errors: [] }, { status: 404 });
  const { target, file } = found;
  const current = await currentOf(kind, name, file);
  if (!current) return Response.json({ ok: false, message: "There is no such dealer.", errors: [] }, { status: 404 });
  if (fields[FORM_VERSION_FIELD] !== current.version)
    return back(target, "Not saved: someone saved this site since you opened the theme. The theme now shows what is saved; make your change again.");
  const get = (k: string) => (typeof fields[k] === "string" ? (fields[k] as string) : undefined);
  const reading = readThemePost(parse(current.text), get);
  const refused = Object.entries(reading.refused);
  if (refused.length) return back(target, `Not saved: ${refused.map(([p, r]) => `${placeOf(p)}: ${r.error}`).join(" ")}`, attemptOf(fields));
  if (!reading.changed.length) return back(target, "Nothing to save: the theme is as it was.");
  const saved = await saveTheme(target, file, current.text, reading.value, current.liveId, await studioSubject(headers));
  if (saved.ok) return back(target, saved.words);
  const count = saved.errors?.length ?? 0;
  return back(
    target,
    count
      ? `Not saved: ${count === 1 ? "1 problem" : `${count} problems`}, shown at ${count === 1 ? "its field" : "their fields"}. ${saved.words}`
      : saved.words,
    count ? attemptOf(fields) : undefined,
  );
}
