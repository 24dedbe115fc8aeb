import { studioApiRoute } from "@/runtime/studio/http";
import { signInAnswer, studioSignIn, studioSignInForm } from "@/runtime/studio/sign-in";

export const POST = studioApiRoute<Record<string, string | string[]>>({
  name: "studio.sign-in",
  open: true,
  body: "form",
  // A body that is not a form gets the sign-in page again, saying so (400).
  onUnreadable: (_request, message) => signInAnswer(400, message),
  handle: (ctx) => studioSignIn(ctx),
});

export const GET = studioApiRoute<Record<string, string | string[]>>({ name: "studio.sign-in-page", open: true, handle: (ctx) => studioSignInForm(ctx) });
