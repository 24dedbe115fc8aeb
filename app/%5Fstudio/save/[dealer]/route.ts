import { studioApiRoute } from "@/runtime/studio/http";
import { STUDIO_PUBLISH, studioPublish, type StudioPublish } from "@/runtime/studio/publish-http";

// A dealer's save publishes its edit as a new version (runtime/studio/publish.ts).
export const POST = studioApiRoute<StudioPublish, { dealer: string }>({
  name: "studio.dealer.publish",
  ...STUDIO_PUBLISH,
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, body, request }) => studioPublish(params.dealer, body, request.headers),
});
