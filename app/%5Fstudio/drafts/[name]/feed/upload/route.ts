import { getDb } from "@/runtime/db";
import { draftFeedPost, feedUpload } from "@/runtime/studio/feed-actions";
import { studioApiRoute } from "@/runtime/studio/http";

// The export's bytes are read by the handler itself (a multipart file, counted against its own cap).
export const POST = studioApiRoute<undefined, { name: string }>({
  name: "studio.draft.feed.upload",
  body: "none",
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: async ({ params, request }) => {
    const db = await getDb();
    return draftFeedPost(params.name, (target) => feedUpload(target, request, { db }));
  },
});
