import "server-only";
import { sameOriginRefusal } from "../http/same-origin";
import { resolveTenant } from "../tenant";
import { studioAllowed } from "./access";
import { workingCopyName, type StudioKind, type StudioTarget } from "./targets";
import { checkTarget, saveValue, studioTargetFile, writeTemplatePreview, writeWorkingCopy } from "./working-copy";

/**
 * The studio's POSTs (check a change, save): the directory host only, the studio secret, the
 * shared same-origin check, a JSON body of at most 2 MB. proxy.ts already checks host and secret;
 * checked again here because these write files.
 */
const MAX_BODY = 2_000_000;
const noStore = { "cache-control": "no-store" };
const fail = (status: number, message: string) => Response.json({ ok: false, message, errors: [] }, { status, headers: noStore });

async function guard(
  request: Request,
  kind: StudioKind,
  name: string,
): Promise<{ target: StudioTarget; file: string; baseText: string; value: unknown } | Response> {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (resolveTenant(host).kind !== "directory") return fail(404, "Not found.");
  if (!studioAllowed(request.headers)) return fail(401, "The studio needs its secret.");
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const found = studioTargetFile(kind, name);
  if (!found) return fail(404, kind === "dealer" ? "There is no such dealer." : `There is no such ${kind}.`);
  const raw = await request.text();
  if (raw.length > MAX_BODY) return fail(413, "Too large.");
  let body: { baseText?: unknown; value?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return fail(400, "Not JSON.");
  }
  if (typeof body.baseText !== "string" || body.value === undefined) return fail(400, "baseText and value are needed.");
  return { ...found, baseText: body.baseText, value: body.value };
}

/** The preview's working copy after an accepted change or a save: the file's own text, or for a template one of its dealers merged with it. */
function writePreview(target: StudioTarget, text: string) {
  if (target.kind === "template") writeTemplatePreview(target.name, text);
  else writeWorkingCopy(workingCopyName(target), text);
}

/**
 * POST /studio/{dealer}/check (and /studio/drafts/{name}/check, /studio/templates/{name}/check):
 * the pipeline's verdict on the changed manifest (a template's: on every dealer using it); when
 * valid it becomes the preview's working copy.
 */
export async function studioCheck(request: Request, kind: StudioKind, name: string): Promise<Response> {
  const g = await guard(request, kind, name);
  if (g instanceof Response) return g;
  const r = checkTarget(g.target, g.file, g.baseText, g.value);
  if (r.ok) writePreview(g.target, r.text);
  return Response.json({ ok: r.ok, errors: r.errors, warnings: r.warnings, ...(r.message ? { message: r.message } : {}) }, { headers: noStore });
}

/** POST …/save: writes the file (backup first) when valid and unchanged since the studio read it; a template only when every dealer using it stays valid. */
export async function studioSave(request: Request, kind: StudioKind, name: string): Promise<Response> {
  const g = await guard(request, kind, name);
  if (g instanceof Response) return g;
  const r = saveValue(g.file, g.baseText, g.value, new Date(), (file, baseText, value) => checkTarget(g.target, file, baseText, value));
  if (r.status === "saved") writePreview(g.target, r.text);
  const status = r.status === "saved" ? 200 : r.status === "changed" ? 409 : 422;
  return Response.json({ ok: r.status === "saved", ...r }, { status, headers: noStore });
}
