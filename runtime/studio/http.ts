import "server-only";
import { apiRoute, type AnyHostRouteSpec, type ApiContext, type BodyCheck, type RouteHandler } from "../http/api-route";
import type { Tenant } from "../tenant";
import { studioAccess, type StudioAuthDeps } from "./sign-in";
import { mayEdit, mayManageStaff, refusedMessage, type StudioAccessOk } from "./staff-roles";
import { workingCopyName, type StudioKind, type StudioTarget } from "./targets";
import { checkTarget, saveValue, studioTargetFile, writeTemplatePreview, writeWorkingCopy } from "./working-copy";

const fail = (status: number, message: string) => Response.json({ ok: false, message, errors: [] }, { status, headers: { "cache-control": "no-store" } });

/** A manifest being edited is far larger than any shopper's post: a whole dealer's pages. */
export const STUDIO_MAX_BODY_BYTES = 2_000_000;

type StudioSpec<B, P> = Omit<AnyHostRouteSpec<B, P>, "limit" | "stateChanging" | "anyHost" | "handle"> & {
  /** The sign-in form and page: the studio routes used without a session. */
  open?: boolean;
  /**
   * The dealer, draft or template the route edits (from its address): the session's staff account
   * must be allowed to edit it (`mayEdit`). A route that names none is for platform admins only.
   */
  edits?: (params: P) => { kind: StudioKind; name: string };
  /** Handed the access found (null for an open route): who is asking, for the records a route keeps. */
  handle: (ctx: ApiContext<B, P, Tenant>, access: StudioAccessOk | null) => Promise<Response> | Response;
  /** Test seams for the session check (runtime/studio/sign-in.ts). */
  auth?: StudioAuthDeps;
};

/**
 * A studio route (app/%5Fstudio/…/route.ts): the API boundary (same-origin check, body read with
 * its cap, 400 on a malformed body) plus the studio's own checks, the directory host, a live
 * studio session (looked up by its hash; proxy.ts has only checked that one seems to be there)
 * and the session's role: 403, saying why, when its staff account may not edit what the route
 * `edits`, or when the route names nothing and the account is not a platform admin (fail closed).
 * No rate limit from the boundary: only a session holder gets through, and the sign-in form
 * limits its attempts itself.
 */
export function studioApiRoute<B = undefined, P = Record<string, never>>(spec: StudioSpec<B, P>): RouteHandler {
  const { open, edits, handle, auth, ...rest } = spec;
  return apiRoute<B, P>({
    ...rest,
    limit: null,
    stateChanging: true,
    anyHost: true,
    handle: async (ctx) => {
      if (ctx.tenant.kind !== "directory") return fail(404, "Not found.");
      if (open) return handle(ctx, null);
      const access = await studioAccess(ctx.request.headers, auth);
      if (!access.ok) return fail(401, access.message);
      const target = edits?.(ctx.params);
      if (target ? !mayEdit(access, target.kind, target.name) : !mayManageStaff(access))
        return fail(403, target ? refusedMessage(target.kind, target.name) : "Only a platform admin may do this.");
      return handle(ctx, access);
    },
  });
}

/** What the editor posts to check or save: the file's text as the studio read it and the changed value. */
export interface StudioEdit {
  baseText: string;
  value: unknown;
}

export function studioEdit(raw: unknown): BodyCheck<StudioEdit> {
  const body = raw as { baseText?: unknown; value?: unknown };
  const errors = [
    ...(typeof body.baseText === "string" ? [] : [{ field: "baseText", message: "The file's text as the studio read it is needed." }]),
    ...(body.value === undefined ? [{ field: "value", message: "The changed value is needed." }] : []),
  ];
  return errors.length
    ? { ok: false, message: "baseText and value are needed.", errors }
    : { ok: true, value: { baseText: body.baseText as string, value: body.value } };
}

/** The route's declaration shared by every check and save: a JSON body of at most 2 MB, checked by studioEdit. */
export const STUDIO_EDIT = { body: "json", maxBodyBytes: STUDIO_MAX_BODY_BYTES, check: studioEdit } as const;

function target(kind: StudioKind, name: string): { target: StudioTarget; file: string } | Response {
  return studioTargetFile(kind, name) ?? fail(404, kind === "dealer" ? "There is no such dealer." : `There is no such ${kind}.`);
}

/** The preview's working copy after an accepted change or a save: the file's own text, or for a template one of its dealers merged with it. */
async function writePreview(target: StudioTarget, text: string, by: string | null): Promise<void> {
  if (target.kind === "template") await writeTemplatePreview(target.name, text, undefined, { by });
  else await writeWorkingCopy(workingCopyName(target), text, undefined, { by });
}

/** The signed-in person's subject (the route has already checked the session). */
export async function studioSubject(headers: Headers): Promise<string> {
  const access = await studioAccess(headers);
  return access.ok ? access.subject : "unknown";
}

/**
 * POST /studio/{dealer}/check (and /studio/drafts/{name}/check, /studio/templates/{name}/check):
 * the pipeline's verdict on the changed manifest (a template's: on every dealer using it); when
 * valid it becomes the preview's working copy (in the shared database).
 */
export async function studioCheck(kind: StudioKind, name: string, edit: StudioEdit, headers?: Headers): Promise<Response> {
  const g = target(kind, name);
  if (g instanceof Response) return g;
  const r = await checkTarget(g.target, g.file, edit.baseText, edit.value);
  if (r.ok) await writePreview(g.target, r.text, headers ? await studioSubject(headers) : null);
  return Response.json(
    { ok: r.ok, errors: r.errors, warnings: r.warnings, ...(r.message ? { message: r.message } : {}) },
    { headers: { "cache-control": "no-store" } },
  );
}

/**
 * POST /studio/drafts/{name}/save and /studio/templates/{name}/save: writes the file (backup first,
 * in the database) when valid and unchanged since the studio read it; a template only when every
 * dealer using it stays valid. A dealer's save publishes instead (publish-http.ts).
 */
export async function studioSave(kind: StudioKind, name: string, edit: StudioEdit, headers?: Headers): Promise<Response> {
  const g = target(kind, name);
  if (g instanceof Response) return g;
  const by = headers ? await studioSubject(headers) : null;
  const r = await saveValue(g.file, edit.baseText, edit.value, new Date(), (file, baseText, value) => checkTarget(g.target, file, baseText, value), { by });
  if (r.status === "saved") await writePreview(g.target, r.text, by);
  const status = r.status === "saved" ? 200 : r.status === "changed" ? 409 : 422;
  return Response.json({ ok: r.status === "saved", ...r }, { status, headers: { "cache-control": "no-store" } });
}
