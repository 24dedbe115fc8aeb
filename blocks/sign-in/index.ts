import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSignInProps } from "@/runtime/generated/types";
import { SignIn } from "./SignIn";
import { loadSignIn, type SignInData } from "./load";

export default defineBlock<ResolvedSignInProps, SignInData>({ component: SignIn, load: loadSignIn });
