import type { ResolvedWatchlistProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { currentAccount } from "@/runtime/accounts/current";
import { watchlistItems, type WatchlistItem } from "@/blocks/shared/accounts/watchlist-data";

export type WatchlistData = { signedIn: false } | { signedIn: true; items: WatchlistItem[] };

export async function loadWatchlist(_props: ResolvedWatchlistProps, site: SiteContext): Promise<WatchlistData> {
  const user = await currentAccount(site.manifest.slug);
  if (!user) return { signedIn: false };
  return { signedIn: true, items: await watchlistItems(site.manifest, user) };
}
