import { defineBlock } from "@/runtime/render/types";
import type { ResolvedWatchlistProps } from "@/runtime/generated/types";
import { Watchlist } from "./Watchlist";
import { loadWatchlist, type WatchlistData } from "./load";

export default defineBlock<ResolvedWatchlistProps, WatchlistData>({ component: Watchlist, load: loadWatchlist });
