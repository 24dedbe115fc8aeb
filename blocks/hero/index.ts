import { defineBlock } from "@/runtime/render/types";
import type { HeroProps } from "@/runtime/generated/types";
import { Hero } from "./Hero";

export default defineBlock<HeroProps>({ component: Hero });
