import type { ResolvedSpinToWinProps } from "@/runtime/generated/types";
import type { SiteContext } from "@/runtime/render/types";
import { getDb } from "@/runtime/db";
import { currentAccount } from "@/runtime/accounts/current";
import { siteTimeZone } from "@/runtime/time";
import { campaignOpen, periodOf } from "./domain/wheel";
import { spinOf } from "./server";

export type SpinNotice = "spun" | "already" | "closed";

export interface SpinToWinData {
  signedIn: boolean;
  /** Spins are taken now (inside the campaign's dates). */
  open: boolean;
  /** The shopper's spin in this period: read from the database, never from the address. */
  spin: { id: string; prizeId: string | null; prizeLabel: string | null } | null;
  /** What the form post just did (the address says it; the result itself is `spin`). */
  notice: SpinNotice | null;
}

const NOTICES: readonly string[] = ["spun", "already", "closed"] satisfies SpinNotice[];

export async function loadSpinToWin(props: ResolvedSpinToWinProps, site: SiteContext): Promise<SpinToWinData> {
  const now = site.now;
  const timeZone = siteTimeZone(site.manifest);
  const open = campaignOpen(props.campaign, now, timeZone);
  const raw = site.searchParams.spin;
  const notice = typeof raw === "string" && NOTICES.includes(raw) ? (raw as SpinNotice) : null;
  const user = await currentAccount(site.manifest.slug);
  if (!user) return { signedIn: false, open, spin: null, notice: null };
  const row = await spinOf(await getDb(), site.manifest.slug, user.id, props.campaign.id, periodOf(props.campaign.period, now, timeZone));
  return { signedIn: true, open, spin: row ? { id: row.id, prizeId: row.prize_id, prizeLabel: row.prize_label } : null, notice };
}
