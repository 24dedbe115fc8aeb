import { getDb } from "@/runtime/db";
import { draftFeedPost, feedMapping } from "@/runtime/studio/feed-actions";
import { studioApiRoute, studioSubject } from "@/runtime/studio/http";

export const POST = studioApiRoute<Record<string, unknown>, { name: string }>({
  name: "studio.draft.feed.mapping",
  body: "fields",
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: async ({ params, body, request }) => {
    const deps = { db: await getDb(), by: await studioSubject(request.headers) };
    return draftFeedPost(params.name, (target) => feedMapping(target, body, deps));
  },
});
