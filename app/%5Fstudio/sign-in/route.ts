import { studioSignIn } from "@/runtime/studio/sign-in";

export async function POST(request: Request) {
  return studioSignIn(request);
}
