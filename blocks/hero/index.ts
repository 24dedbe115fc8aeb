import { defineBlock } from "@/runtime/render/types";
import type { ResolvedHeroProps } from "@/runtime/generated/types";
import { Hero } from "./Hero";

export default defineBlock<ResolvedHeroProps>({ component: Hero });
