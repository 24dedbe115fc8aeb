import { clearedCookie, cookieHeader, json, seeOther } from "@/runtime/http/api-route";
import { answersFromFields, createStudioDraft, encodeFormState, NEW_DEALER_FORM_COOKIE, NEW_DEALER_FORM_PATH } from "@/runtime/studio/new-dealer";
import { studioApiRoute, studioSubject } from "@/runtime/studio/http";

/**
 * POST /studio/new/create: the new-dealer form. Made: 303 to the draft's editor. Refused: 303
 * back to the form, which shows the answers and each problem (a cookie for five minutes); a
 * JSON post is answered 422 with the problems instead.
 */
export const POST = studioApiRoute<Record<string, unknown>>({
  name: "studio.new-dealer",
  body: "fields",
  handle: async ({ body, request, https, log }) => {
    const answers = answersFromFields(body);
    // Kept in the shared database: every process lists, previews and puts live the same draft.
    const result = await createStudioDraft(answers, { by: await studioSubject(request.headers) });
    const wantsJson = (request.headers.get("content-type") ?? "").startsWith("application/json");
    const cookie = { path: NEW_DEALER_FORM_PATH, secure: https };
    if (result.ok) {
      log("studio-new-dealer", { slug: result.slug, placeholder_id: result.placeholderId });
      const editor = `/studio/drafts/${result.slug}`;
      return wantsJson ? json(201, { ok: true, slug: result.slug, editor }) : seeOther(editor, [clearedCookie(NEW_DEALER_FORM_COOKIE, cookie)]);
    }
    if (wantsJson) return json(422, { ok: false, message: "Some answers need a change.", errors: result.errors });
    return seeOther(NEW_DEALER_FORM_PATH, [
      cookieHeader(NEW_DEALER_FORM_COOKIE, encodeFormState({ answers, errors: result.errors }), { ...cookie, maxAge: 300 }),
    ]);
  },
});
