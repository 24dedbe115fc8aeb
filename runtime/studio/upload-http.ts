import "server-only";
import { seeOther } from "../http/api-route";
import { getBlobStore } from "../blobs";
import { getSiteStore } from "../manifest/store";
import { draftSiteSlug } from "./feed-target";
import { checkPicture, logoKey, LOGO_MAX_BYTES, mediaPath, type PictureUse } from "./logo-upload";
import { studioPathOf } from "./targets";

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "cache-control": "no-store" } });

/** Reads at most `max` bytes of the request's body; null when it is longer. */
async function readCapped(request: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A multipart form's own parts around the file (boundaries, part headers, the field's name): room beyond the picture's 1 MB. */
const FORM_OVERHEAD_BYTES = 16 * 1024;
const tooLarge = (use: PictureUse) => `The picture is larger than 1 MB; a ${use} may be at most 1 MB.`;

/** What the picture is for: `?use=favicon` says a favicon; anything else is the logo, as before there were two. */
const pictureUseOf = (request: Request): PictureUse =>
  new URL(request.url, "http://studio.invalid").searchParams.get("use") === "favicon" ? "favicon" : "logo";

/** Who the pictures are stored for: the site slug they are kept under and the editor a plain form goes back to. */
interface UploadOwner {
  slug: string;
  editor: string;
}

/**
 * POST /studio/{dealer}/upload (a draft's: /studio/drafts/{name}/upload), `?use=favicon` for a
 * favicon, else a logo: checks the picture for its use (logo-upload.ts), stores it in the shared
 * blob store under the dealer's site slug. The editor's script posts the picture's bytes as the
 * body and is answered with the address the manifest writes and (a logo) the size proposed for the
 * header; nothing in the manifest changes until the editor applies it, and a draft's then is saved
 * as its other edits are. The plain form (multipart, field `file`: the upload before or without
 * scripts) is sent back to the editor (303), where the picture is in the picture list, with what
 * happened in words (`?upload=`).
 */
export async function studioUpload(slug: string, request: Request): Promise<Response> {
  if (!getSiteStore().bySlug.has(slug)) return json({ ok: false, message: "There is no such dealer.", errors: [] }, 404);
  return uploadFor({ slug, editor: studioPathOf({ kind: "dealer", name: slug }) }, request);
}

/**
 * POST /studio/drafts/{name}/upload: as a live dealer's, the pictures kept under the slug the draft
 * goes live with (feed-target.ts draftSiteSlug), so its preview shows them now and the live dealer
 * has them after. A draft whose slug a live dealer has is refused, saying so.
 */
export async function studioDraftUpload(name: string, request: Request): Promise<Response> {
  const own = draftSiteSlug(name);
  if (!own) return json({ ok: false, message: "There is no such draft.", errors: [] }, 404);
  const editor = studioPathOf({ kind: "draft", name });
  if ("problem" in own) {
    if (isMultipart(request)) return seeOther(`${editor}?upload=${encodeURIComponent(`Not uploaded: ${own.problem}`.slice(0, 500))}`);
    return json({ ok: false, message: own.problem, errors: [] }, 409);
  }
  return uploadFor({ slug: own.slug, editor }, request);
}

const isMultipart = (request: Request) => /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");

async function uploadFor(owner: UploadOwner, request: Request): Promise<Response> {
  const use = pictureUseOf(request);
  if (isMultipart(request)) return formUpload(owner, use, request);
  const bytes = await readCapped(request, LOGO_MAX_BYTES + 1);
  if (bytes === null || bytes.byteLength > LOGO_MAX_BYTES) return json({ ok: false, message: tooLarge(use), errors: [] }, 413);
  const stored = await storePicture(owner.slug, use, bytes);
  if (!stored.ok) return json({ ok: false, message: stored.message, errors: [{ field: "file", message: stored.message }] }, 422);
  return json(stored);
}

/** Checks and stores a picture's bytes for its use; the address and proposed size, or why not. */
async function storePicture(slug: string, use: PictureUse, bytes: Uint8Array) {
  const checked = checkPicture(bytes, use);
  if (!checked.ok) return { ok: false as const, message: checked.message };
  const key = logoKey(slug, checked);
  await (await getBlobStore()).put(key, bytes, checked.contentType);
  return { ok: true as const, src: mediaPath(key), width: checked.width, height: checked.height, display: checked.display, warnings: checked.warnings };
}

/** The plain form's post: the editor again, saying what happened. */
async function formUpload(owner: UploadOwner, use: PictureUse, request: Request): Promise<Response> {
  const back = (words: string) => seeOther(`${owner.editor}?upload=${encodeURIComponent(words.slice(0, 500))}`);
  const raw = await readCapped(request, LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES);
  if (raw === null) return back(`Not uploaded: ${tooLarge(use)}`);
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(Buffer.from(raw), { headers: { "content-type": request.headers.get("content-type")! } }).formData()).get("file");
  } catch {
    return back("Not uploaded: the form could not be read. Choose the picture again and upload it.");
  }
  if (!(file instanceof Blob) || file.size === 0) return back("Not uploaded: choose a picture file first.");
  if (file.size > LOGO_MAX_BYTES) return back(`Not uploaded: ${tooLarge(use)}`);
  const stored = await storePicture(owner.slug, use, new Uint8Array(await file.arrayBuffer()));
  if (!stored.ok) return back(`Not uploaded: ${stored.message}`);
  const named = `Uploaded ${stored.src.split("/").pop()} (${stored.width}×${stored.height}): it is in the picture list.`;
  return back(
    use === "favicon"
      ? `${named} To use it as the favicon, choose it for the theme's Favicon.`
      : `${named} To use it as the logo, choose the picture kind of logo and this picture (draw it at ${stored.display.width}×${stored.display.height}).`,
  );
}
