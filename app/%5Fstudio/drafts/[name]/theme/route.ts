import { studioApiRoute } from "@/runtime/studio/http";
import { studioThemePost } from "@/runtime/studio/theme-http";

// The theme's plain form (no script needed): saved as the editor's save is, then back to the editor.
export const POST = studioApiRoute<Record<string, string | string[]>, { name: string }>({
  name: "studio.draft.theme",
  body: "form",
  edits: (p) => ({ kind: "draft", name: p.name }),
  handle: ({ params, body, request }) => studioThemePost("draft", params.name, body, request.headers),
});
