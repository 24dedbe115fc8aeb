import { parseLocalInstant, siteTimeZone } from "../../time";
import { dateInYear } from "../../tiles";
import { blocksOf } from "./block-tree";
import type { ManifestRule, RuleProblem } from "./types";

interface Window {
  start?: string;
  expiry?: string;
  repeat?: string;
}

/**
 * What is wrong with a dated window, pointers relative to the item: it must start before it
 * expires (or it would never show), and a yearly one needs both dates, at most a year apart (or
 * its occurrences would overlap). `what` names the item in the message ("tile 'eofy'").
 */
export function windowProblems(item: Window, timeZone: string, what: string): RuleProblem[] {
  const { start, expiry } = item;
  if (item.repeat === "yearly" && (!start || !expiry))
    return [
      {
        pointer: start ? "/expiry" : "/start",
        message: `${what} repeats yearly but has no ${start ? "expiry" : "start"}`,
        hint: "give both the start and the expiry of its first year, e.g. 2026-06-01 and 2026-07-01",
      },
    ];
  if (!start || !expiry) return [];
  const from = parseLocalInstant(start, timeZone);
  const until = parseLocalInstant(expiry, timeZone);
  if (from >= until)
    return [{ pointer: "/expiry", message: `${what} expires (${expiry}) before or when it starts (${start})`, hint: "swap the dates or fix the expiry" }];
  if (item.repeat === "yearly" && until > parseLocalInstant(dateInYear(start, Number(start.trim().slice(0, 4)) + 1), timeZone))
    return [
      {
        pointer: "/expiry",
        message: `${what} repeats yearly but runs more than a year (${start} to ${expiry})`,
        hint: "end it within a year of its start; a summer sale from December to February ends in the year after it starts",
      },
    ];
  return [];
}

/** Dated tiles, the announcement and announcement bars start before they expire; yearly ones have both dates, at most a year apart. */
export const tileDates: ManifestRule = {
  id: "tile-dates",
  description: "Tiles and the announcement have start before expiry; a yearly one has both dates, at most a year apart.",
  check({ manifest }) {
    const timeZone = siteTimeZone(manifest);
    const problems: RuleProblem[] = [];
    const at = (base: string, list: RuleProblem[]) => list.forEach((p) => problems.push({ ...p, pointer: `${base}${p.pointer}` }));
    (manifest.tiles ?? []).forEach((tile, i) => at(`/tiles/${i}`, windowProblems(tile, timeZone, `tile '${tile.id}'`)));
    if (manifest.announcement) at("/announcement", windowProblems(manifest.announcement, timeZone, "the announcement"));
    for (const { node, pointer } of blocksOf(manifest)) {
      if (node.type !== "announcement-bar") continue;
      const props = (node.props ?? {}) as Window;
      at(
        `${pointer}/props`,
        windowProblems({ start: props.start || undefined, expiry: props.expiry || undefined, repeat: props.repeat }, timeZone, "the announcement bar"),
      );
    }
    return problems;
  },
};
