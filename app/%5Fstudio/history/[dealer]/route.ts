import { studioApiRoute } from "@/runtime/studio/http";
import { studioHistory } from "@/runtime/studio/publish-http";

export const POST = studioApiRoute<undefined, { dealer: string }>({
  name: "studio.dealer.history",
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params }) => studioHistory(params.dealer),
});
