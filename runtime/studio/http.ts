import "server-only";
import { sameOriginRefusal } from "../http/same-origin";
import { resolveTenant } from "../tenant";
import { studioAllowed } from "./access";
import { checkValue, dealerFile, saveValue, writeStudioDraft } from "./working-copy";

/**
 * The studio's POSTs (check a change, save): the directory host only, the studio secret, the
 * shared same-origin check, a JSON body of at most 2 MB. proxy.ts already checks host and secret;
 * checked again here because these write files.
 */
const MAX_BODY = 2_000_000;
const noStore = { "cache-control": "no-store" };
const fail = (status: number, message: string) => Response.json({ ok: false, message, errors: [] }, { status, headers: noStore });

async function guard(request: Request, dealer: string): Promise<{ file: string; baseText: string; value: unknown } | Response> {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (resolveTenant(host).kind !== "directory") return fail(404, "Not found.");
  if (!studioAllowed(request.headers)) return fail(401, "The studio needs its secret.");
  const refused = sameOriginRefusal(request);
  if (refused) return refused;
  const file = dealerFile(dealer);
  if (!file) return fail(404, "There is no such dealer.");
  const raw = await request.text();
  if (raw.length > MAX_BODY) return fail(413, "Too large.");
  let body: { baseText?: unknown; value?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return fail(400, "Not JSON.");
  }
  if (typeof body.baseText !== "string" || body.value === undefined) return fail(400, "baseText and value are needed.");
  return { file, baseText: body.baseText, value: body.value };
}

/** POST /studio/{dealer}/check: the pipeline's verdict on the changed manifest; when valid it becomes the preview's working copy. */
export async function studioCheck(request: Request, dealer: string): Promise<Response> {
  const g = await guard(request, dealer);
  if (g instanceof Response) return g;
  const r = checkValue(g.file, g.baseText, g.value);
  if (r.ok) writeStudioDraft(dealer, r.text);
  return Response.json({ ok: r.ok, errors: r.errors, warnings: r.warnings }, { headers: noStore });
}

/** POST /studio/{dealer}/save: writes the file (backup first) when valid and unchanged since the studio read it. */
export async function studioSave(request: Request, dealer: string): Promise<Response> {
  const g = await guard(request, dealer);
  if (g instanceof Response) return g;
  const r = saveValue(g.file, g.baseText, g.value);
  if (r.status === "saved") writeStudioDraft(dealer, r.text);
  const status = r.status === "saved" ? 200 : r.status === "changed" ? 409 : 422;
  return Response.json({ ok: r.status === "saved", ...r }, { status, headers: noStore });
}
