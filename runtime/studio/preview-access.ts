/**
 * Who may see a draft on its preview host (`{name}.preview.localhost`): only someone signed in to
 * the studio whose account may edit what the preview shows (staff-roles.ts `mayEdit`). Anyone can
 * send any Host header to the server, so without this a draft would be readable by whoever guesses
 * its name.
 *
 * Why a grant in the address exchanged for a cookie of the preview host's own, rather than the
 * studio's session cookie: the studio runs on the directory host (`localhost`) and the preview on
 * another site (`{name}.preview.localhost`), so the studio's cookie (SameSite=Strict, Path=/studio)
 * never reaches the preview host, and widening it to a parent domain would hand the staff session
 * to every preview page, which runs the dealer's own scripts and pictures. Instead:
 * 1. The studio's `GET /studio/preview/{name}/{path}` (a signed-in editor of that target only)
 *    makes a grant: a random 32-byte id, only its hash stored (the studio's session table, subject
 *    `preview-grant:{name}`), good for one use within two minutes, and sends the browser to the
 *    preview host with it in the query.
 * 2. The preview host (proxy.ts, before any gate) takes the grant in one statement (used or
 *    expired: refused), opens a preview session for that one preview host (subject
 *    `preview:{name}`, a random id, hashed in the database, the studio session's 12 hours) and
 *    answers a redirect to the same address without the grant, setting the id in a host-only cookie.
 *    The grant never stays in the frame's address, history or a Referer.
 * 3. Every later request to that preview host needs the cookie, looked up by its hash.
 * The cookie is `SameSite=None; Secure; Partitioned` (CHIPS): the studio frames the preview from
 * another site, where browsers send neither a Lax cookie nor an unpartitioned third-party one; a
 * partitioned cookie is kept per top-level site, so it works in the studio's frame and when the
 * preview is opened on its own, and no other site that frames the preview gets it. `Secure` is
 * accepted on plain http here because browsers treat `*.localhost` as a secure context.
 * The studio's open mode (development without a secret) opens previews too; a closed studio
 * closes them.
 */
import type { Queryable } from "../db/types";
import { readCookies } from "../http/cookies";
import { hostPort } from "../http/origin";
import { PREVIEW_HOST_SUFFIX, previewOrigin } from "../manifest/preview";
import { studioMode, type StudioMode } from "./access";
import { createStudioSession, studioSessionSubject, STUDIO_SESSION_TTL_MS, takeStudioSession } from "./sessions";
import type { StudioTarget } from "./targets";

/** The query parameter that carries a grant to the preview host. */
export const PREVIEW_GRANT_PARAM = "studio-preview";
/** The preview host's own session cookie. */
export const PREVIEW_COOKIE = "preview-session";
/** Long enough for the frame to load after the studio answered; a grant is used at once or never. */
export const PREVIEW_GRANT_TTL_MS = 2 * 60_000;

const grantSubject = (name: string) => `preview-grant:${name}`;
const sessionSubject = (name: string) => `preview:${name}`;

/**
 * What a preview host shows, for `mayEdit`: a dealer's working copy `studio-{slug}`, a draft's or
 * template's `studio--draft-{name}` / `studio--template-{name}` (targets.ts `workingCopyName`), else
 * the saved draft of that name. Null for a name that is none of these.
 */
export function previewTargetOf(previewName: string): StudioTarget | null {
  if (!/^[a-z0-9-]+$/.test(previewName)) return null;
  const other = /^studio--(draft|template)-([a-z0-9-]+)$/.exec(previewName);
  if (other) return { kind: other[1] as "draft" | "template", name: other[2] };
  if (previewName.startsWith("studio--")) return null;
  if (previewName.startsWith("studio-")) return { kind: "dealer", name: previewName.slice("studio-".length) };
  return { kind: "draft", name: previewName };
}

/** The studio's way onto a preview host (a preview path is added to it): each load gets a grant there. */
export function studioPreviewPath(previewName: string): string {
  return `/studio/preview/${previewName}`;
}

/** A single-use grant to open `previewName`'s preview host (the caller has checked `mayEdit`). */
export async function issuePreviewGrant(db: Queryable, previewName: string, now = new Date()): Promise<string> {
  return (await createStudioSession(db, grantSubject(previewName), now, PREVIEW_GRANT_TTL_MS)).id;
}

/** The preview host's redirect (the grant taken out of the address) or refusal, or null to let the request through. */
export type PreviewDecision = { kind: "answer"; status: number; body: string; headers: Record<string, string> };

export interface PreviewGuardDeps {
  mode?: StudioMode;
  db: () => Promise<Queryable>;
  now?: () => Date;
}

const REFUSED_PAGE = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Preview: sign in to the studio</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a1c20}</style></head><body><main><h1>This preview is for studio staff</h1><p>A draft is shown only to staff signed in to the studio who may edit it. Open it from the dealer's page in the studio.</p></main></body></html>`;

const refused = (): PreviewDecision => ({
  kind: "answer",
  status: 401,
  body: REFUSED_PAGE,
  headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" },
});

/** The preview session cookie: host-only, HttpOnly, partitioned (see the top of this file). */
export function previewCookie(id: string): string {
  return `${PREVIEW_COOKIE}=${id}; Path=/; Max-Age=${STUDIO_SESSION_TTL_MS / 1000}; HttpOnly; Secure; SameSite=None; Partitioned`;
}

/**
 * The preview hosts' guard (proxy.ts runs it before the gates): null for a host that is not a
 * preview host, in the studio's open mode, or with a live preview session for this very preview
 * name; a redirect that sets the cookie for a live grant; else the 401 page, which shows nothing of the draft.
 */
export async function previewGuard(host: string | null, url: URL, headers: Headers, deps: PreviewGuardDeps): Promise<PreviewDecision | null> {
  const h = (host ?? "").toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (!h.endsWith(PREVIEW_HOST_SUFFIX)) return null;
  const mode = deps.mode ?? studioMode();
  if (mode.kind === "open") return null;
  if (mode.kind === "closed") return refused();
  const name = h.slice(0, -PREVIEW_HOST_SUFFIX.length);
  const now = deps.now?.() ?? new Date();
  const grant = url.searchParams.get(PREVIEW_GRANT_PARAM);
  const cookie = readCookies(headers.get("cookie"))[PREVIEW_COOKIE];
  if (grant === null && !cookie) return refused();
  const db = await deps.db();
  if (grant !== null && (await takeStudioSession(db, grant, grantSubject(name), now)))
    return opened(db, name, new URL(`${url.pathname}${url.search}`, `${url.protocol}//${host}`), now);
  if (cookie && (await studioSessionSubject(db, cookie, now)) === sessionSubject(name)) return null;
  return refused();
}

/**
 * A preview session opened for `name`: the same address (on the preview host the request named)
 * without the grant, with the cookie. The address is absolute: Next's proxy reads a Location
 * header as a URL and fails (500) on a path alone.
 */
async function opened(db: Queryable, name: string, url: URL, now: Date): Promise<PreviewDecision> {
  const session = await createStudioSession(db, sessionSubject(name), now);
  const clean = new URL(url);
  clean.searchParams.delete(PREVIEW_GRANT_PARAM);
  const location = clean.href;
  return { kind: "answer", status: 303, body: "", headers: { location, "set-cookie": previewCookie(session.id), "cache-control": "no-store" } };
}

/**
 * `GET /studio/preview/{name}/{path}` (studioApiRoute has checked the session and `mayEdit` on
 * `previewTargetOf(name)`): a fresh grant and a 303 to the preview host on this port, same path and
 * query. The studio's frame and a draft's "own preview" link open here, so each load carries its grant.
 */
export async function previewRedirect(db: Queryable, name: string, path: readonly string[], request: Request, now = new Date()): Promise<Response> {
  if (!previewTargetOf(name)) return new Response("Not found.", { status: 404, headers: { "cache-control": "no-store" } });
  const url = new URL(request.url);
  const query = new URLSearchParams(url.search);
  query.delete(PREVIEW_GRANT_PARAM);
  query.set(PREVIEW_GRANT_PARAM, await issuePreviewGrant(db, name, now));
  const port = hostPort(request.headers.get("x-forwarded-host") ?? request.headers.get("host"));
  const to = `${previewOrigin(name, port)}/${path.map(encodeURIComponent).join("/")}?${query}`;
  return new Response(null, { status: 303, headers: { location: to, "cache-control": "no-store" } });
}
