import { STUDIO_EDIT, studioApiRoute, studioCheck, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { name: string }>({
  name: "studio.draft.check",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: ({ params, body, request }) => studioCheck("draft", params.name, body, request.headers),
});
