import type { ResolvedMyGarageProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { getDb } from "@/runtime/db";
import { currentAccount } from "@/runtime/accounts/current";
import { maskRecipient } from "@/runtime/accounts/recipient";
import { enquiriesOf, type AccountEnquiry, type OwnCar } from "@/runtime/accounts/users";
import { watchlistItems, type WatchlistItem } from "@/blocks/shared/accounts/watchlist-data";

export type GarageData =
  { signedIn: false } | { signedIn: true; who: string; hasPhone: boolean; watchlist: WatchlistItem[]; enquiries: AccountEnquiry[]; ownCar: OwnCar | null };

export async function loadGarage(_props: ResolvedMyGarageProps, site: SiteContext): Promise<GarageData> {
  const user = await currentAccount(site.manifest.slug);
  if (!user) return { signedIn: false };
  const [watchlist, enquiries] = await Promise.all([watchlistItems(site.manifest, user), enquiriesOf(await getDb(), user)]);
  // The page shows the account masked, like the sign-in page: enough to recognise it, not to copy it.
  const who = user.phone ? maskRecipient("sms", user.phone) : maskRecipient("email", user.email!);
  return { signedIn: true, who, hasPhone: !!user.phone, watchlist, enquiries, ownCar: user.ownCar };
}
