import { studioApiRoute } from "@/runtime/studio/http";
import { studioPublishDraft } from "@/runtime/studio/publish-http";

// A draft put live as a new dealer, from the plain form on its editor (runtime/studio/publish.ts `publishDraft`).
export const POST = studioApiRoute<Record<string, unknown>, { name: string }>({
  name: "studio.draft.publish",
  body: "fields",
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: ({ params, request }) => studioPublishDraft(params.name, request.headers),
});
