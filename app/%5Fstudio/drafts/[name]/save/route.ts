import { STUDIO_EDIT, studioApiRoute, studioSave, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { name: string }>({
  name: "studio.draft.save",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: ({ params, body, request }) => studioSave("draft", params.name, body, request.headers),
});
