/**
 * The prize wheel's rules, pure: the wheel's segments from the prizes' chances, the draw from a
 * roll the server makes, the campaign's window and the period a spin counts in.
 */
import { isLive } from "@/runtime/tiles";
import { localDate } from "@/runtime/time";
import { wheelProblems } from "@/runtime/manifest/rules/spin-to-win";

export interface Prize {
  id: string;
  label: string;
  chance: number;
}

export interface Campaign {
  id: string;
  name: string;
  period: "once" | "month" | "week";
  start?: string;
  expiry?: string;
  repeat?: "yearly";
}

export interface Segment {
  /** The prize, or null for the segment of "no prize this time". */
  prize: Prize | null;
  /** Where it sits on the wheel, in degrees clockwise from the top. */
  from: number;
  to: number;
}

export const NO_PRIZE_LABEL = "No prize this time";

/** A wheel that cannot be drawn from (the manifest rule keeps such wheels from being served). */
export class WheelError extends Error {}

/** The wheel's segments in the prizes' order, then "no prize" for what the chances leave to 100%. */
export function segmentsOf(prizes: readonly Prize[], timeZone = "UTC"): Segment[] {
  const problems = wheelProblems({ prizes: [...prizes] }, timeZone);
  if (prizes.length === 0 || problems.length) throw new WheelError(problems[0]?.message ?? "a wheel needs at least one prize");
  const out: Segment[] = [];
  let at = 0;
  for (const prize of prizes) {
    out.push({ prize, from: (at * 360) / 100, to: ((at + prize.chance) * 360) / 100 });
    at += prize.chance;
  }
  if (at < 100) out.push({ prize: null, from: (at * 360) / 100, to: 360 });
  return out;
}

/**
 * The prize a roll draws: `roll` is a whole number from 0 to 99 (the server's `randomInt(100)`), so
 * a prize with chance 10 is drawn by 10 of the 100 rolls. Null: no prize.
 */
export function drawPrize(prizes: readonly Prize[], roll: number): Prize | null {
  if (!Number.isInteger(roll) || roll < 0 || roll > 99) throw new WheelError(`a roll is a whole number from 0 to 99, not ${roll}`);
  segmentsOf(prizes);
  let at = 0;
  for (const prize of prizes) {
    at += prize.chance;
    if (roll < at) return prize;
  }
  return null;
}

/** Whether spins are taken at `now`: from the campaign's start (inclusive) to its expiry (exclusive), every year when it repeats, in the dealer's zone. */
export function campaignOpen(campaign: Campaign, now: Date, timeZone: string): boolean {
  return isLive({ start: campaign.start, expiry: campaign.expiry, repeat: campaign.repeat }, now, timeZone);
}

/**
 * The period a spin at `now` counts in, as the database keys it: "once" for the whole campaign,
 * the calendar month ("2026-11") or the week's Monday ("2026-11-23"), by the dealer's calendar.
 */
export function periodOf(period: Campaign["period"], now: Date, timeZone: string): string {
  if (period === "once") return "once";
  const day = localDate(now, timeZone);
  if (period === "month") return day.slice(0, 7);
  const d = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/** How the page says the period: how often, when the shopper has spun, and when they may spin again. */
export const PERIOD_WORDS: Record<Campaign["period"], { often: string; spun: string; next: string }> = {
  once: { often: "once", spun: "in this promotion", next: "This promotion allows one spin per person." },
  month: { often: "once a month", spun: "this month", next: "You can spin again next month." },
  week: { often: "once a week", spun: "this week", next: "You can spin again next week." },
};

/**
 * The wheel's turn that leaves the pointer (at the top) in the middle of the drawn segment: a few
 * whole turns for the show, then the segment's middle brought to the top.
 */
export function landingTurn(segments: readonly Segment[], prizeId: string | null, wholeTurns = 4): number {
  const segment = segments.find((s) => (s.prize?.id ?? null) === prizeId) ?? segments[segments.length - 1]!;
  const middle = (segment.from + segment.to) / 2;
  return wholeTurns * 360 + ((360 - middle) % 360);
}
