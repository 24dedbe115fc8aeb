import { STUDIO_EDIT, studioApiRoute, studioCheck, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { name: string }>({
  name: "studio.template.check",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "template", name: p.name }),
  handle: ({ params, body, request }) => studioCheck("template", params.name, body, request.headers),
});
