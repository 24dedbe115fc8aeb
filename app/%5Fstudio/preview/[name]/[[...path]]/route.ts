import { getDb } from "@/runtime/db";
import { studioApiRoute } from "@/runtime/studio/http";
import { previewRedirect, previewTargetOf } from "@/runtime/studio/preview-access";

// A name that stands for nothing is asked of an admin only (a template of that name), then answered 404.
export const GET = studioApiRoute<undefined, { name: string; path?: string[] }>({
  name: "studio.preview",
  edits: (p) => previewTargetOf(p.name) ?? { kind: "template", name: p.name },
  handle: async ({ params, request }) => previewRedirect(await getDb(), params.name, params.path ?? [], request),
});
