import { studioApiRoute } from "@/runtime/studio/http";
import { studioHistory } from "@/runtime/studio/publish-http";

export const POST = studioApiRoute<undefined, { dealer: string }>({
  name: "studio.dealer.history",
  handle: ({ params }) => studioHistory(params.dealer),
});
