import { studioApiRoute } from "@/runtime/studio/http";
import { studioThemePost } from "@/runtime/studio/theme-http";

// The theme's plain form (no script needed): published as the editor's save is, then back to the editor.
export const POST = studioApiRoute<Record<string, string | string[]>, { dealer: string }>({
  name: "studio.dealer.theme",
  body: "form",
  edits: (p) => ({ kind: "dealer", name: p.dealer }),
  handle: ({ params, body, request }) => studioThemePost("dealer", params.dealer, body, request.headers),
});
