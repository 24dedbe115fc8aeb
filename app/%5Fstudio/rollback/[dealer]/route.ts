import { studioApiRoute } from "@/runtime/studio/http";
import { STUDIO_ROLLBACK, studioRollback, type StudioRollback } from "@/runtime/studio/publish-http";

export const POST = studioApiRoute<StudioRollback, { dealer: string }>({
  name: "studio.dealer.rollback",
  ...STUDIO_ROLLBACK,
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, body, request }) => studioRollback(params.dealer, body, request.headers),
});
