/**
 * What a newcomer sees on the sample dealers: every built feature on for at least one of them, a
 * parts catalogue wherever parts are searched, reviews of each location's own, and dated content
 * live at the demo stock's anchor (the browser tests' clock) only inside its season; on every day
 * of a common and a leap year, nothing shown is out of its window or season, and every list of
 * promotions a page renders has something in it.
 */
import { describe, expect, it } from "vitest";
import type { DealerManifest } from "../../runtime/generated/types";
import { loadManifest } from "../../runtime/manifest/load";
import { listManifestFiles } from "../../runtime/manifest/store";
import { resolvePage } from "../../runtime/render/resolve-page";
import { formsSettings } from "../../runtime/leads/settings";
import { isLive, liveTiles, type DatedItem } from "../../runtime/tiles";
import { withFlagsOn } from "../../runtime/flags";
import { localDate, parseLocalInstant, siteTimeZone } from "../../runtime/time";
import { blockPropsDefaults } from "../../runtime/generated/block-defaults";
import { REPO_MANIFESTS, REPO_PUBLIC } from "../helpers/manifest-fixture";
import { DEMO_STOCK_ANCHOR } from "../../scripts/stock/anchor";

const samples: DealerManifest[] = listManifestFiles(REPO_MANIFESTS).map((file) => {
  const r = loadManifest(file, { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC });
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.manifest;
});
const blocksOf = (m: DealerManifest) => Object.values(m.routes).flatMap((r) => r.blocks as Array<{ type: string }>);
const some = (test: (m: DealerManifest) => boolean) => samples.filter(test).map((m) => m.slug);

describe("every built feature is on for at least one sample dealer", () => {
  it.each<[string, (m: DealerManifest) => boolean]>([
    ["the multi-step enquiry", (m) => blocksOf(m).some((b) => b.type === "multi-step-enquiry")],
    ["the enquiry form in steps", (m) => formsSettings(m).enquiryExtras.multiStep],
    ["spin to win", (m) => m.features?.spinToWin === true && resolvePage(m, "/spin-to-win") !== null && m.accounts?.gateSpinToWin === true],
    ["the chat action", (m) => m.features?.chat === true && !!formsSettings(m).chatBot && !formsSettings(m).chatBot!.blocked],
    ["the enquiry category select", (m) => formsSettings(m).categories.length > 0],
    ["the yes/no extras", (m) => formsSettings(m).enquiryExtras.finance && formsSettings(m).enquiryExtras.tradeIn],
    ["the monthly estimate", (m) => blocksOf(m).some((b) => b.type === "finance-estimate")],
    ["the garage", (m) => m.features?.garage === true && resolvePage(m, "/my-garage") !== null],
  ])("%s", (_name, on) => {
    expect(some(on).length).toBeGreaterThan(0);
  });

  it("the garage switch is honoured: off, the garage routes are not pages", () => {
    for (const m of samples) {
      const off = { ...m, features: { ...m.features, garage: false } } as DealerManifest;
      expect(resolvePage(off, "/my-garage"), m.slug).toBeNull();
      if (m.routes["/mymotorama"]) expect(resolvePage(off, "/mymotorama"), m.slug).toBeNull();
    }
  });
});

describe("sample content", () => {
  it("every dealer that searches parts has a catalogue", () => {
    for (const m of samples) if (resolvePage(m, "/parts/search")) expect(m.parts?.length ?? 0, m.slug).toBeGreaterThanOrEqual(5);
  });

  it("each location of a dealer has reviews of its own", () => {
    for (const m of samples) {
      const texts = (m.locations ?? []).map((l) => (l.reviews?.items ?? []).map((r) => r.text).join("|")).filter(Boolean);
      expect(new Set(texts).size, m.slug).toBe(texts.length);
    }
  });

  it("shows no out-of-season promotion at the demo stock's anchor: EOFY and July deals are scheduled for June and July", () => {
    const noon = new Date(Date.parse(DEMO_STOCK_ANCHOR) + 2 * 3600_000);
    for (const m of samples) {
      const tz = siteTimeZone(m);
      const live = [...(m.tiles ?? []).filter((t) => isLive(t, noon, tz)), ...(m.announcement && isLive(m.announcement, noon, tz) ? [m.announcement] : [])];
      const words = live.map((t) => `${"title" in t ? t.title : ""} ${t.text ?? ""}`).join(" ");
      if (noon.getUTCMonth() !== 5 && noon.getUTCMonth() !== 6) expect(words, m.slug).not.toMatch(/EOFY|financial year|July|winter/i);
    }
  });

  it("dated promotions carry both dates, so none outlives its season", () => {
    for (const m of samples) {
      for (const t of m.tiles ?? [])
        if (/EOFY|July|June|winter|summer|show/i.test(`${t.title} ${t.text ?? ""}`)) expect(t.start && t.expiry, `${m.slug} ${t.id}`).toBeTruthy();
      if (m.announcement && /deals|sale|now open|until/i.test(m.announcement.text)) expect(m.announcement.start && m.announcement.expiry, m.slug).toBeTruthy();
    }
  });
});

/** Every day of `year` as "YYYY-MM-DD". */
function daysOf(year: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(year, 0, 1); new Date(t).getUTCFullYear() === year; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * Whether `day` falls inside the item's dates, worked out from the calendar dates alone (month and
 * day strings, not instants), as a reader of the manifest would: a yearly window by month and day,
 * across the new year when it ends before it starts; 29 February stands for 1 March in a common year.
 */
function inWindowByCalendar(item: DatedItem, day: string): boolean {
  const date = (v: string | undefined) => v?.slice(0, 10);
  const [start, expiry] = [date(item.start), date(item.expiry)];
  if (item.repeat !== "yearly" || !start || !expiry) return (!start || day >= start) && (!expiry || day < expiry);
  if (day < start) return false;
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  const md = (d: string, year: number) => (d.slice(5) === "02-29" && !leap(year) ? "03-01" : d.slice(5));
  const year = Number(day.slice(0, 4));
  const [from, until, today] = [md(start, year), md(expiry, year), day.slice(5)];
  return from < until ? today >= from && today < until : today >= from || today < until;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** What an item's words claim about the day it is shown on, checked against `day`: its season, "until 24 December", a year it names. */
function wordsTrueOn(words: string, day: string): string | null {
  const month = Number(day.slice(5, 7)); // 1-12
  const w = words.toLowerCase();
  if (/eofy|financial year|\bjune\b/.test(w) && month !== 6 && month !== 7) return "an EOFY or June promotion outside June and July";
  if (/\bjuly\b/.test(w) && month !== 6 && month !== 7) return "a July promotion outside June and July";
  if (/winter/.test(w) && (month < 5 || month > 8)) return "a winter promotion outside May to August";
  if (/summer|christmas/.test(w) && month > 2 && month < 11) return "a summer promotion outside November to February";
  if (/spring/.test(w) && (month < 9 || month > 11)) return "a spring promotion outside September to November";
  for (const m of w.matchAll(/until (\d{1,2}) ([a-z]+)/g)) {
    const until = MONTHS.indexOf(m[2]) + 1;
    if (until > 0 && (month > until || (month === until && Number(day.slice(8)) > Number(m[1])))) return `"${m[0]}" after that day`;
  }
  for (const m of w.matchAll(/\b(20\d\d)\b/g)) if (m[1] !== day.slice(0, 4)) return `a promotion naming ${m[1]} in ${day.slice(0, 4)}`;
  return null;
}

/** The places a sample's pages list promotions in (tiles grids and sliders, in any route or slot), with the routes that list them. */
function promotionPlaces(m: DealerManifest): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const defaults = blockPropsDefaults as Record<string, { place?: string } | undefined>;
  const walk = (nodes: unknown, route: string) => {
    for (const n of (nodes ?? []) as Array<{ type: string; props?: { place?: string }; slots?: Record<string, unknown> }>) {
      if (n.type === "tiles-grid" || n.type === "promotions-slider") {
        const place = n.props?.place ?? defaults[n.type]?.place ?? "";
        places.set(place, [...(places.get(place) ?? []), route]);
      }
      for (const slot of Object.values(n.slots ?? {})) walk(slot, route);
    }
  };
  for (const route of Object.keys(m.routes)) if (resolvePage(m, route)) walk(m.routes[route]!.blocks, route);
  return places;
}

/**
 * Places whose page says when its season runs, so that outside it the page has no list (the grid
 * renders nothing) rather than an empty one: Harbour's /eofy page, whose text names June.
 */
const SEASONAL_PLACES: Record<string, string> = { eofy: "1 to 30 June" };

describe.each([2027, 2028])("every day of %i (2028 a leap year), on every sample dealer", (year) => {
  const days = daysOf(year);

  it("has the whole year, 29 February in a leap year", () => {
    expect(days).toHaveLength(year === 2028 ? 366 : 365);
  });

  it.each(samples.map((m) => [m.slug, m] as const))("%s: shows nothing out of its window or season, and no empty list of promotions", (_slug, m) => {
    const tz = siteTimeZone(m);
    const places = promotionPlaces(m);
    const tiles = withFlagsOn(m, m.tiles);
    const problems: string[] = [];
    for (const day of days) {
      const noon = new Date(parseLocalInstant(`${day}T12:00:00`, tz));
      expect(localDate(noon, tz)).toBe(day);
      const shown: Array<{ what: string; item: DatedItem; words: string }> = tiles
        .filter((t) => isLive(t, noon, tz))
        .map((t) => ({ what: `tile '${t.id}'`, item: t, words: `${t.title} ${t.text ?? ""}` }));
      if (m.announcement && isLive(m.announcement, noon, tz)) shown.push({ what: "the announcement", item: m.announcement, words: m.announcement.text });
      for (const { what, item, words } of shown) {
        if (!inWindowByCalendar(item, day)) problems.push(`${day}: ${what} is shown outside its dates`);
        const untrue = wordsTrueOn(words, day);
        if (untrue) problems.push(`${day}: ${what} is ${untrue}`);
      }
      for (const [place, routes] of places) {
        if (SEASONAL_PLACES[place]) continue;
        if (liveTiles(tiles, place, noon, tz).length === 0) problems.push(`${day}: the '${place}' list on ${routes.join(", ")} is empty`);
      }
      for (const { node } of blocksOfRoutes(m))
        if (node.type === "spin-to-win") {
          const c = (node.props as { campaign?: DatedItem }).campaign ?? {};
          if (!isLive(c, noon, tz)) problems.push(`${day}: the spin-to-win page's campaign is closed`);
        }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(places.size, "the sample renders at least one list of promotions").toBeGreaterThan(0);
  });
});

describe("seasonal places", () => {
  it("a place left out of the every-day check is on a page that says when its season runs", () => {
    for (const m of samples)
      for (const [place, routes] of promotionPlaces(m))
        if (SEASONAL_PLACES[place]) for (const route of routes) expect(JSON.stringify(m.routes[route]), `${m.slug} ${route}`).toContain(SEASONAL_PLACES[place]);
  });

  it("the walk's calendar reading agrees with the windows it checks (29 February, the new year)", () => {
    const summer: DatedItem = { start: "2026-12-01", expiry: "2027-03-01", repeat: "yearly" };
    expect(inWindowByCalendar(summer, "2028-02-29")).toBe(true);
    expect(inWindowByCalendar(summer, "2028-03-01")).toBe(false);
    expect(inWindowByCalendar(summer, "2027-12-31")).toBe(true);
    expect(inWindowByCalendar({ start: "2028-02-29", expiry: "2028-03-05", repeat: "yearly" }, "2029-02-28")).toBe(false);
    expect(wordsTrueOn("Deals until 24 December.", "2027-12-25")).not.toBeNull();
    expect(wordsTrueOn("Run-out deals on 2026 stock", "2027-11-10")).not.toBeNull();
    expect(wordsTrueOn("EOFY run-out", "2027-11-10")).not.toBeNull();
  });
});

function blocksOfRoutes(m: DealerManifest) {
  const out: Array<{ node: { type: string; props?: unknown } }> = [];
  const walk = (nodes: unknown) => {
    for (const n of (nodes ?? []) as Array<{ type: string; props?: unknown; slots?: Record<string, unknown> }>) {
      out.push({ node: n });
      for (const slot of Object.values(n.slots ?? {})) walk(slot);
    }
  };
  for (const route of Object.keys(m.routes)) if (resolvePage(m, route)) walk(m.routes[route]!.blocks);
  return out;
}
