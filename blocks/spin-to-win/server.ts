/**
 * Spin to win on the server: the draw, the one spin per shopper and period (the table's unique
 * constraint), the dealer's lead for a won prize, and the form post that does it
 * (POST /api/spin-to-win, app/api/spin-to-win/route.ts). The browser only asks to spin; what it
 * wins is decided here.
 */
import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import type { DealerManifest, ResolvedSpinToWinProps } from "@/runtime/generated/types";
import type { Queryable, Db } from "@/runtime/db/types";
import type { AccountUser } from "@/runtime/accounts/users";
import { createLead } from "@/runtime/leads/create";
import { kickOutbox, startOutboxWorker } from "@/runtime/leads/outbox";
import { resolvePage } from "@/runtime/render/resolve-page";
import { requestNow, siteTimeZone } from "@/runtime/time";
import { apiError, seeOther, type SiteRouteSpec } from "@/runtime/http/api-route";
import { signInHref } from "@/runtime/accounts/kinds";
import { SESSION_COOKIE, sessionUser } from "@/runtime/accounts/sessions";
import { campaignOpen, drawPrize, periodOf, type Prize } from "./domain/wheel";

export const SPIN_LEAD_CATEGORY = "Spin to Win";

export interface SpinRow {
  id: string;
  prize_id: string | null;
  prize_label: string | null;
  lead_id: string | null;
  created_at: string;
}

export type SpinOutcome = { kind: "spun"; spin: SpinRow } | { kind: "already"; spin: SpinRow } | { kind: "closed" };

/** The shopper's spin in the campaign's current period, or null. */
export async function spinOf(db: Queryable, dealer: string, userId: string, campaignId: string, period: string): Promise<SpinRow | null> {
  const rows = await db.query<SpinRow>(
    "SELECT id, prize_id, prize_label, lead_id, created_at FROM spin_to_win_spins WHERE dealer_slug = $1 AND user_id = $2 AND campaign_id = $3 AND period = $4",
    [dealer, userId, campaignId, period],
  );
  return rows[0] ?? null;
}

function spinLeadFields(user: AccountUser, wheel: ResolvedSpinToWinProps, prize: Prize, spinId: string): Record<string, unknown> {
  return {
    ...(user.email ? { email: user.email } : {}),
    ...(user.phone ? { phone: user.phone } : {}),
    category: SPIN_LEAD_CATEGORY,
    subcategory: wheel.campaign.name,
    message: `Won "${prize.label}" in ${wheel.campaign.name}. Spin number ${spinId}. Please contact the shopper to arrange the prize.`,
    prize: prize.label,
    spin_id: spinId,
    source: "website",
  };
}

export interface SpinRequest {
  manifest: DealerManifest;
  user: AccountUser;
  wheel: ResolvedSpinToWinProps;
  now: Date;
  /** The roll, 0 to 99: the server's random number unless a test hands one in. */
  roll?: () => number;
}

/**
 * One spin: refused while the campaign is closed; otherwise, in one transaction, the spin's row
 * (a second spin in the period finds the unique constraint and gets the first spin back) and, for
 * a won prize, the dealer's lead, linked to the spin.
 */
export async function spin(db: Db, req: SpinRequest): Promise<SpinOutcome> {
  const { manifest, user, wheel, now } = req;
  const timeZone = siteTimeZone(manifest);
  if (!campaignOpen(wheel.campaign, now, timeZone)) return { kind: "closed" };
  const period = periodOf(wheel.campaign.period, now, timeZone);
  const prize = drawPrize(wheel.prizes, (req.roll ?? (() => randomInt(100)))());
  const outcome = await db.transaction(async (tx): Promise<SpinOutcome> => {
    const id = randomUUID();
    const [row] = await tx.query<SpinRow>(
      `INSERT INTO spin_to_win_spins (id, dealer_slug, user_id, campaign_id, period, prize_id, prize_label)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ON CONSTRAINT spin_to_win_once DO NOTHING
       RETURNING id, prize_id, prize_label, lead_id, created_at`,
      [id, manifest.slug, user.id, wheel.campaign.id, period, prize?.id ?? null, prize?.label ?? null],
    );
    if (!row) return { kind: "already", spin: (await spinOf(tx, manifest.slug, user.id, wheel.campaign.id, period))! };
    if (!prize) return { kind: "spun", spin: row };
    const lead = await createLead(tx, {
      manifest,
      category: SPIN_LEAD_CATEGORY,
      subcategory: wheel.campaign.name,
      fields: spinLeadFields(user, wheel, prize, id),
      onForeignPlace: "drop",
      final: true,
    });
    if (!lead.ok) throw new Error("a spin's lead names no place, so it is never refused");
    await tx.query("UPDATE spin_to_win_spins SET lead_id = $2 WHERE id = $1", [id, lead.id]);
    return { kind: "spun", spin: { ...row, lead_id: lead.id } };
  });
  if (outcome.kind === "spun" && outcome.spin.lead_id) {
    startOutboxWorker();
    kickOutbox();
  }
  return outcome;
}

/** The site's page with the wheel of `campaignId` (its path and props), when that page is on (its route's flag). */
export function findWheel(manifest: DealerManifest, campaignId: string): { path: string; wheel: ResolvedSpinToWinProps } | null {
  for (const [pattern, route] of Object.entries(manifest.routes)) {
    if (pattern.includes("[") || !resolvePage(manifest, pattern)) continue;
    for (const node of route.blocks as Array<{ type: string; props?: unknown }>) {
      if (node.type !== "spin-to-win") continue;
      const wheel = node.props as ResolvedSpinToWinProps;
      if (wheel.campaign.id === campaignId) return { path: pattern, wheel };
    }
  }
  return null;
}

type FormFields = Record<string, string | string[]>;

/**
 * POST /api/spin-to-win (a plain form post, so the wheel works before JavaScript): the campaign's
 * page again with what happened (`?spin=spun`, `already` or `closed`); the page reads the result
 * itself from the database, so nothing in the address can claim a prize. A signed-out shopper is
 * sent to sign in first and comes back to the page.
 */
export function spinRouteSpec(deps: { db: () => Promise<Db> }): SiteRouteSpec<FormFields, Record<string, never>> {
  return {
    name: "spin-to-win.spin",
    limit: "account",
    stateChanging: true,
    body: "form",
    async handle(ctx) {
      const { manifest } = ctx.tenant;
      const raw = ctx.body.campaign;
      const campaignId = typeof raw === "string" ? raw : "";
      const found = findWheel(manifest, campaignId);
      if (!found)
        return apiError(404, "There is no such spin-to-win promotion on this site.", [{ field: "campaign", message: "No spin-to-win promotion has this id." }]);
      const db = await deps.db();
      const user = await sessionUser(db, manifest.slug, ctx.cookie(SESSION_COOKIE));
      if (!user) return seeOther(signInHref("spin-to-win", found.path, "/"));
      const outcome = await spin(db, { manifest, user, wheel: found.wheel, now: requestNow() });
      ctx.log("spin", { outcome: outcome.kind, won: outcome.kind === "spun" && outcome.spin.prize_id !== null });
      return seeOther(`${found.path}?spin=${outcome.kind}#spin-result`);
    },
  };
}
