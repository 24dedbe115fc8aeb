import { defineBlock } from "@/runtime/render/types";
import type { ResolvedFavouritesProps } from "@/runtime/generated/types";
import { Favourites } from "./Favourites";

export default defineBlock<ResolvedFavouritesProps>({ component: Favourites });
