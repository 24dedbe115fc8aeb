import { studioApiRoute } from "@/runtime/studio/http";
import { studioSignIn } from "@/runtime/studio/sign-in";

export const POST = studioApiRoute({ name: "studio.sign-in", open: true, body: "form", handle: studioSignIn });
