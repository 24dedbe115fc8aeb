import { STUDIO_EDIT, studioApiRoute, studioCheck, type StudioEdit } from "@/runtime/studio/http";

export const POST = studioApiRoute<StudioEdit, { dealer: string }>({
  name: "studio.dealer.check",
  ...STUDIO_EDIT,
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, body, request }) => studioCheck("dealer", params.dealer, body, request.headers),
});
