import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/types";
import { dbVariants } from "../db/testing";
import type { FeedReport } from "./report";
import { alertDecision, claimDueRun, claimRunNow, cronFor, feedHistory, lastRuns, nextRunAt, runSummary, syncSchedules } from "./runs";
import { startFeedScheduler, type AlertMessage } from "./scheduler";

function report(over: Partial<FeedReport> = {}): FeedReport {
  return {
    dealer: "a",
    source: "inbox/stock.csv",
    format: "csv",
    dialect: "comma",
    startedAt: "2025-01-01T00:00:00Z",
    rows: 100,
    accepted: 98,
    rejected: 2,
    hidden: 1,
    markedSold: 0,
    removed: 3,
    published: true,
    unusedColumns: [],
    issues: [{ kind: "rejected", row: 7, stocknum: "U1", message: "Yr '20119' is not a year" }],
    ...over,
  };
}

describe("schedule in the dealer's time zone", () => {
  it("reads a time of day as a daily cron expression and passes cron through", () => {
    expect(cronFor("02:00")).toBe("0 2 * * *");
    expect(cronFor("23:45")).toBe("45 23 * * *");
    expect(cronFor("30 5 * * 1-5")).toBe("30 5 * * 1-5");
  });
  it("2 am in Sydney is 15:00 UTC in summer and 16:00 UTC in winter", () => {
    expect(nextRunAt("02:00", "Australia/Sydney", new Date("2025-01-10T12:00:00Z")).toISOString()).toBe("2025-01-10T15:00:00.000Z");
    expect(nextRunAt("02:00", "Australia/Sydney", new Date("2025-06-10T12:00:00Z")).toISOString()).toBe("2025-06-10T16:00:00.000Z");
  });
  it("follows the end of daylight saving and Perth's own zone", () => {
    // 6 April 2025 03:30 AEDT: the clocks went back; the next 2 am is the 7th, 02:00 AEST.
    expect(nextRunAt("02:00", "Australia/Sydney", new Date("2025-04-05T16:30:00Z")).toISOString()).toBe("2025-04-06T16:00:00.000Z");
    expect(nextRunAt("02:00", "Australia/Perth", new Date("2025-01-10T12:00:00Z")).toISOString()).toBe("2025-01-10T18:00:00.000Z");
  });
  it("weekday cron expressions skip the weekend", () => {
    // Friday 10 Jan 2025 06:00 in Brisbane: the next 05:30 on a weekday is Monday 13 Jan.
    expect(nextRunAt("30 5 * * 1-5", "Australia/Brisbane", new Date("2025-01-09T20:00:00Z")).toISOString()).toBe("2025-01-12T19:30:00.000Z");
  });
  it("refuses a schedule it cannot read", () => {
    expect(() => nextRunAt("61 2 * * *", "Australia/Sydney", new Date())).toThrow();
  });
});

describe("a run in one line", () => {
  it("counts the cars that left the feed and were marked sold apart from the sold cars removed", () => {
    const run = {
      id: 1,
      dealer: "a",
      trigger: "schedule" as const,
      startedAt: new Date(),
      finishedAt: new Date(),
      outcome: "published" as const,
      message: null,
      alerted: false,
    };
    expect(runSummary({ ...run, rows: 26, accepted: 23, rejected: 3, hidden: 0, markedSold: 3, removed: 0 })).toBe(
      "published: 26 rows, 23 accepted, 3 rejected, 0 hidden, 3 marked sold, 0 removed",
    );
  });
});

describe("alert decision", () => {
  it("alerts on a failed run and on a run that kept the last good stock", () => {
    expect(alertDecision({ error: "the download timed out" }, 10)).toMatchObject({ send: true });
    expect(alertDecision({ report: report({ published: false, keptLastGood: "the file is empty" }) }, 10).reason).toContain("the file is empty");
  });
  it("alerts when more than the threshold is rejected, not at it", () => {
    expect(alertDecision({ report: report({ rows: 100, rejected: 10 }) }, 10).send).toBe(false);
    expect(alertDecision({ report: report({ rows: 100, rejected: 11 }) }, 10)).toMatchObject({ send: true });
    expect(alertDecision({ report: report({ rows: 0, rejected: 0 }) }, 0).send).toBe(false);
  });
});

for (const v of dbVariants()) {
  describe.skipIf(v.skip)(`feed runs (${v.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await v.open();
    });
    afterAll(() => v.close(db));
    beforeEach(async () => {
      await db.exec("TRUNCATE feed_runs, feed_schedules RESTART IDENTITY");
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const sydney = (slug: string, schedule = "02:00") => ({ slug, schedule, timeZone: "Australia/Sydney" });

    it("keeps the schedule rows in line with the profiles", async () => {
      const now = new Date("2025-01-10T12:00:00Z");
      await syncSchedules(db, [sydney("a"), sydney("b")], now);
      await syncSchedules(db, [sydney("a", "04:30")], now);
      const rows = await db.query<{ dealer_slug: string; next_run_at: Date }>("SELECT dealer_slug, next_run_at FROM feed_schedules");
      expect(rows.map((r) => [r.dealer_slug, new Date(r.next_run_at).toISOString()])).toEqual([["a", "2025-01-10T17:30:00.000Z"]]);
      const problems = await syncSchedules(db, [sydney("a", "99 * * * *")], now);
      expect(problems).toHaveLength(1);
    });

    it("lets one of two claimers run a due feed, and no second run while one is under way", async () => {
      const now = new Date("2025-01-10T12:00:00Z");
      await syncSchedules(db, [sydney("a"), sydney("b")], now);
      const later = new Date("2025-01-10T15:00:01Z");
      const [first, second] = await Promise.all([claimDueRun(db, later), claimDueRun(db, later)]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      // b is due too, but a's run holds the one slot until it finishes (or its lease passes).
      expect(await claimDueRun(db, later)).toBeNull();
      expect(await claimRunNow(db, "b", later)).toEqual({ busy: "a" });
      const afterLease = new Date(later.getTime() + 31 * 60_000);
      const next = await claimDueRun(db, afterLease);
      expect(next?.slug).toBe("b");
      const history = await feedHistory(db, "a");
      expect(history[0]).toMatchObject({ outcome: "failed", trigger: "schedule" });
      // a moved on to tomorrow's 2 am: not due again today.
      const rows = await db.query<{ next_run_at: Date }>("SELECT next_run_at FROM feed_schedules WHERE dealer_slug = 'a'");
      expect(new Date(rows[0].next_run_at).toISOString()).toBe("2025-01-11T15:00:00.000Z");
    });

    it("runs due feeds on the timer, writes history rows and emails the staff about a bad run", async () => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
      vi.setSystemTime(new Date("2025-01-10T14:58:00Z"));
      const sent: AlertMessage[] = [];
      const announced: number[] = [];
      const reports: Record<string, FeedReport | Error> = {
        a: report({ dealer: "a" }),
        b: report({ dealer: "b", rows: 10, accepted: 4, rejected: 6, published: false, keptLastGood: "6 of 10 rows were rejected" }),
        c: new Error("the feed's address did not answer within 60 s"),
      };
      const scheduler = startFeedScheduler({
        db,
        sites: () => [sydney("a"), sydney("b"), sydney("c", "03:00")],
        dealer: (slug) => ({ siteName: `Site ${slug}`, alertTo: `staff@${slug}.example.com.au`, alertRejectPercent: 10 }),
        run: async (slug) => {
          const r = reports[slug];
          if (r instanceof Error) throw r;
          return r;
        },
        sendAlert: async (m) => void sent.push(m),
        announceStock: async () => void announced.push(Date.now()),
        now: () => new Date(),
        intervalMs: 60_000,
      });
      try {
        const minutes = async (n: number) => {
          for (let i = 0; i < n; i++) {
            await vi.advanceTimersByTimeAsync(60_000);
            await scheduler.idle();
          }
        };
        // First pass at 14:59: creates the schedules (2 am in Sydney is 15:00 UTC) and runs nothing yet.
        await minutes(1);
        expect(await lastRuns(db)).toEqual(new Map());
        await minutes(1);
        const after2am = await lastRuns(db);
        expect([...after2am.keys()].sort()).toEqual(["a", "b"]);
        expect(after2am.get("a")).toMatchObject({ outcome: "published", rows: 100, accepted: 98, rejected: 2, hidden: 1, removed: 3, alerted: false });
        expect(after2am.get("b")).toMatchObject({ outcome: "kept", rejected: 6, alerted: true, message: "6 of 10 rows were rejected" });
        expect(announced).toHaveLength(1);
        expect(sent.map((m) => m.to)).toEqual(["staff@b.example.com.au"]);
        expect(sent[0].text).toContain("Yr '20119' is not a year");
        // The dealer's staff read it too: it sends them to the studio's screen, never to a command or a server's path.
        expect(sent[0].text).toContain("the stock feed screen in the studio, /studio/b/feed");
        expect(sent[0].text).not.toMatch(/npm run|\/(tmp|work|home)\//);
        await minutes(60);
        expect((await lastRuns(db)).get("c")).toMatchObject({ outcome: "failed", alerted: true, message: "the feed's address did not answer within 60 s" });
        expect(sent).toHaveLength(2);
        // Each feed ran once in those 62 minutes.
        expect((await db.query("SELECT id FROM feed_runs")).length).toBe(3);
      } finally {
        scheduler.stop();
      }
    });
  });
}
