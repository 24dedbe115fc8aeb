import { studioApiRoute } from "@/runtime/studio/http";
import { studioThemePost } from "@/runtime/studio/theme-http";

// The theme's plain form (no script needed): saved as the editor's save is, then back to the editor.
export const POST = studioApiRoute<Record<string, string | string[]>, { name: string }>({
  name: "studio.template.theme",
  body: "form",
  edits: (p) => ({ kind: "template", name: p.name }),
  handle: ({ params, body, request }) => studioThemePost("template", params.name, body, request.headers),
});
