import "server-only";
import { seeOther, type BodyCheck } from "../http/api-route";
import { getDb } from "../db";
import { STUDIO_MAX_BODY_BYTES, studioEdit, studioSubject, type StudioEdit } from "./http";
import { dealerHistory, publishDealer, publishDraft, rollbackDealer } from "./publish";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "cache-control": "no-store" } });
const noDealer = () => json({ ok: false, message: "There is no such dealer.", errors: [] }, 404);

/** What the studio posts to publish a dealer: the edit, the live version it started from and a note. */
export interface StudioPublish extends StudioEdit {
  liveId?: number | null;
  note?: string;
}

export function studioPublishBody(raw: unknown): BodyCheck<StudioPublish> {
  const edit = studioEdit(raw);
  if (!edit.ok) return edit;
  const body = raw as { liveId?: unknown; note?: unknown };
  const errors = [
    ...(body.liveId === undefined || body.liveId === null || Number.isSafeInteger(body.liveId)
      ? []
      : [{ field: "liveId", message: "The live version's number is a whole number." }]),
    ...(body.note === undefined || (typeof body.note === "string" && body.note.length <= 500)
      ? []
      : [{ field: "note", message: "A note is text of at most 500 characters." }]),
  ];
  if (errors.length) return { ok: false, message: errors.map((e) => e.message).join(" "), errors };
  return {
    ok: true,
    value: {
      ...edit.value,
      ...(body.liveId !== undefined ? { liveId: body.liveId as number | null } : {}),
      ...(typeof body.note === "string" ? { note: body.note } : {}),
    },
  };
}

export const STUDIO_PUBLISH = { body: "json", maxBodyBytes: STUDIO_MAX_BODY_BYTES, check: studioPublishBody } as const;

/**
 * POST /studio/{dealer}/save: publishes the dealer's edit as a new version (publish.ts). Answers as a
 * save does (status "saved", the text now live, the version it replaced as `backup`) so the editor
 * takes it the same way; 409 when someone published since or a host is taken, 422 when invalid.
 */
export async function studioPublish(slug: string, body: StudioPublish, headers: Headers): Promise<Response> {
  const db = await getDb();
  const r = await publishDealer(db, { slug, ...body, by: await studioSubject(headers) });
  if (!r) return noDealer();
  switch (r.status) {
    case "published":
      return json({
        ok: true,
        status: "saved",
        text: r.text,
        version: r.id,
        backup: body.liveId ? `version ${body.liveId}` : "the history",
      });
    case "unchanged":
      return json({ ok: true, status: "saved", text: r.text, message: r.message, backup: body.liveId ? `version ${body.liveId}` : "the history" });
    case "changed":
      return json({ ok: false, status: "changed", message: r.message, errors: [] }, 409);
    case "refused":
      return json({ ok: false, status: "invalid", message: r.message, errors: r.errors }, 409);
    default:
      return json({ ok: false, status: "invalid", message: r.message, errors: r.errors }, 422);
  }
}

/** POST /studio/{dealer}/history: every published version, newest first, with what changed. */
export async function studioHistory(slug: string): Promise<Response> {
  const history = await dealerHistory(await getDb(), slug);
  return history ? json({ ok: true, versions: history }) : noDealer();
}

export interface StudioRollback {
  id: number;
}

export const STUDIO_ROLLBACK = {
  body: "json",
  check: (raw: unknown): BodyCheck<StudioRollback> => {
    const id = (raw as { id?: unknown })?.id;
    return Number.isSafeInteger(id) && (id as number) > 0
      ? { ok: true, value: { id: id as number } }
      : { ok: false, message: "Say which version to restore (its number).", errors: [{ field: "id", message: "The version's number is needed." }] };
  },
} as const;

/** POST /studio/{dealer}/rollback {id}: version `id` goes live again (validated again), as a new version. */
export async function studioRollback(slug: string, body: StudioRollback, headers: Headers): Promise<Response> {
  const r = await rollbackDealer(await getDb(), slug, body.id, await studioSubject(headers));
  if (!r) return noDealer();
  if (r.status === "published")
    return json({ ok: true, status: "published", version: r.id, text: r.text, message: `Version ${body.id} is live again (as version ${r.id}).` });
  if (r.status === "unchanged") return json({ ok: true, status: "unchanged", message: r.message });
  if (r.status === "missing") return json({ ok: false, message: r.message, errors: [] }, 404);
  return json({ ok: false, message: r.message, errors: r.errors }, r.status === "refused" ? 409 : 422);
}

/**
 * POST /studio/drafts/{name}/publish, a plain form on the draft's editor: the draft put live as a
 * new dealer (publish.ts `publishDraft`), then the dealer's own editor; or back to the draft with
 * what to fix first in words.
 */
export async function studioPublishDraft(name: string, headers: Headers): Promise<Response> {
  const r = await publishDraft(await getDb(), name, await studioSubject(headers));
  if (!r) return json({ ok: false, message: "There is no such draft.", errors: [] }, 404);
  // The dealer's own editor, saying it went live and where to see it.
  if (r.status === "published") return seeOther(`/studio/${r.slug}?live=new`);
  return seeOther(`/studio/drafts/${name}?problem=${encodeURIComponent(r.message.slice(0, 600))}`);
}
