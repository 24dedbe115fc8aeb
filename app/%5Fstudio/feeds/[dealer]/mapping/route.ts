import { getDb } from "@/runtime/db";
import { feedMapping } from "@/runtime/studio/feed-actions";
import { studioApiRoute, studioSubject } from "@/runtime/studio/http";

export const POST = studioApiRoute<Record<string, unknown>, { dealer: string }>({
  name: "studio.feed.mapping",
  body: "fields",
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: async ({ params, body, request }) => feedMapping(params.dealer, body, { db: await getDb(), by: await studioSubject(request.headers) }),
});
