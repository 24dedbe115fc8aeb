import { getDb } from "@/runtime/db";
import { feedUpload } from "@/runtime/studio/feed-actions";
import { studioApiRoute } from "@/runtime/studio/http";

// The export's bytes are read by the handler itself (a multipart file, counted against its own cap).
export const POST = studioApiRoute<undefined, { dealer: string }>({
  name: "studio.feed.upload",
  body: "none",
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: async ({ params, request }) => feedUpload(params.dealer, request, { db: await getDb() }),
});
