import { getDb } from "@/runtime/db";
import { feedMapping } from "@/runtime/studio/feed-actions";
import { studioApiRoute } from "@/runtime/studio/http";

export const POST = studioApiRoute<Record<string, unknown>, { dealer: string }>({
  name: "studio.feed.mapping",
  body: "fields",
  handle: async ({ params, body }) => feedMapping(params.dealer, body, { db: await getDb() }),
});
