import { STUDIO_EDIT, studioApiRoute, studioSave, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { name: string }>({
  name: "studio.template.save",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "template", name: p.name }),
  handle: ({ params, body, request }) => studioSave("template", params.name, body, request.headers),
});
