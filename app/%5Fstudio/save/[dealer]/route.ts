import { STUDIO_EDIT, studioApiRoute, studioSave, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { dealer: string }>({
  name: "studio.dealer.save",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, body }) => studioSave("dealer", params.dealer, body),
});
