/**
 * Feed runs in the database: when each dealer's feed is next due, one run at a time across every
 * server process, the history of every run (scheduled or from the command line) and the decision
 * to alert the dealer's staff.
 *
 * Why not a job-queue library: pg-boss (the well-kept PostgreSQL queue) needs Node 22.12 while the
 * platform supports Node 20, and it cannot run on the embedded database `npm start` uses: its
 * statements carry several commands with parameters, which PGlite refuses ("cannot insert multiple
 * commands into a prepared statement"). So the queue is two tables (migration 014): a due
 * schedule row is claimed with `FOR UPDATE SKIP LOCKED` and moved on to its next occurrence in
 * the same transaction, and a transaction-scoped advisory lock serialises the claimers' look at
 * whether a run is already under way. The times themselves come from croner (cron expressions in
 * a named time zone, daylight saving included).
 */
import { Cron } from "croner";
import type { Db, Queryable } from "../db/types";
import type { FeedReport } from "./report";

/** Any constant unique to this use (the migrations use another). */
const FEED_RUN_LOCK = 72_707_314;

/** How long a claimed run is held by its process before another may assume it died (default 30 minutes). */
export const DEFAULT_LEASE_MS = 30 * 60_000;

const TIME_OF_DAY = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** The cron expression a schedule stands for: "HH:MM" is that time every day; anything else is already a cron expression. */
export function cronFor(schedule: string): string {
  const m = TIME_OF_DAY.exec(schedule.trim());
  return m ? `${Number(m[2])} ${Number(m[1])} * * *` : schedule.trim();
}

/** The first time after `after` the schedule falls due, read in the dealer's time zone; throws for a schedule croner cannot read. */
export function nextRunAt(schedule: string, timeZone: string, after: Date): Date {
  const next = new Cron(cronFor(schedule), { timezone: timeZone, paused: true }).nextRun(after);
  if (!next) throw new Error(`the schedule '${schedule}' never falls due`);
  return next;
}

/** A dealer with a feed profile, as the scheduler needs it. */
export interface FeedSite {
  slug: string;
  schedule: string;
  timeZone: string;
}

/**
 * Brings the schedule rows in line with the dealers' profiles: a new dealer gets its next run, a
 * changed schedule or time zone is worked out again, a dealer without a profile any more is dropped.
 * A schedule that cannot be read is skipped (and returned) rather than stopping the others.
 */
export async function syncSchedules(db: Queryable, sites: readonly FeedSite[], now: Date): Promise<{ slug: string; problem: string }[]> {
  const problems: { slug: string; problem: string }[] = [];
  const current = new Map(
    (await db.query<{ dealer_slug: string; schedule: string; time_zone: string }>("SELECT dealer_slug, schedule, time_zone FROM feed_schedules")).map((r) => [
      r.dealer_slug,
      r,
    ]),
  );
  const wanted = new Set<string>();
  for (const site of sites) {
    wanted.add(site.slug);
    const row = current.get(site.slug);
    if (row && row.schedule === site.schedule && row.time_zone === site.timeZone) continue;
    let next: Date;
    try {
      next = nextRunAt(site.schedule, site.timeZone, now);
    } catch (e) {
      problems.push({ slug: site.slug, problem: (e as Error).message });
      continue;
    }
    await db.query(
      `INSERT INTO feed_schedules (dealer_slug, schedule, time_zone, next_run_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (dealer_slug) DO UPDATE SET schedule = EXCLUDED.schedule, time_zone = EXCLUDED.time_zone, next_run_at = EXCLUDED.next_run_at`,
      [site.slug, site.schedule, site.timeZone, next],
    );
  }
  const gone = [...current.keys()].filter((slug) => !wanted.has(slug));
  if (gone.length > 0) await db.query("DELETE FROM feed_schedules WHERE dealer_slug = ANY($1::text[])", [gone]);
  return problems;
}

export interface ClaimedRun {
  id: number;
  slug: string;
}

/** Marks runs whose process stopped holding them (their lease passed) as failed. */
async function expireStaleRuns(tx: Queryable, now: Date): Promise<void> {
  await tx.query(
    `UPDATE feed_runs SET outcome = 'failed', finished_at = $1, message = 'The server running this import stopped before it finished; the last good stock stays.'
     WHERE outcome = 'running' AND lease_until <= $1`,
    [now],
  );
}

async function runUnderWay(tx: Queryable): Promise<string | null> {
  const rows = await tx.query<{ dealer_slug: string }>("SELECT dealer_slug FROM feed_runs WHERE outcome = 'running' LIMIT 1");
  return rows[0]?.dealer_slug ?? null;
}

/**
 * Claims the most overdue scheduled run, or null when none is due or a run is already under way
 * anywhere. The schedule row moves on to its next occurrence in the same transaction, so a second
 * process claiming at the same moment skips it.
 */
export async function claimDueRun(db: Db, now: Date, leaseMs = DEFAULT_LEASE_MS): Promise<ClaimedRun | null> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [FEED_RUN_LOCK]);
    await expireStaleRuns(tx, now);
    if (await runUnderWay(tx)) return null;
    const due = await tx.query<{ dealer_slug: string; schedule: string; time_zone: string }>(
      `SELECT dealer_slug, schedule, time_zone FROM feed_schedules WHERE next_run_at <= $1
       ORDER BY next_run_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    if (due.length === 0) return null;
    const { dealer_slug: slug, schedule, time_zone } = due[0];
    await tx.query("UPDATE feed_schedules SET next_run_at = $2 WHERE dealer_slug = $1", [slug, nextRunAt(schedule, time_zone, now)]);
    const [run] = await tx.query<{ id: string | number }>(
      `INSERT INTO feed_runs (dealer_slug, trigger, started_at, lease_until, outcome) VALUES ($1, 'schedule', $2, $3, 'running') RETURNING id`,
      [slug, now, new Date(now.getTime() + leaseMs)],
    );
    return { id: Number(run.id), slug };
  });
}

/** Who started a run: the schedule, the command line or the studio's import screen. */
export type RunTrigger = "schedule" | "cli" | "studio";

/** Starts a run now (the command line, the studio); refuses with the dealer whose run is under way when there is one. */
export async function claimRunNow(
  db: Db,
  slug: string,
  now: Date,
  leaseMs = DEFAULT_LEASE_MS,
  trigger: Exclude<RunTrigger, "schedule"> = "cli",
): Promise<ClaimedRun | { busy: string }> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [FEED_RUN_LOCK]);
    await expireStaleRuns(tx, now);
    const busy = await runUnderWay(tx);
    if (busy) return { busy };
    const [run] = await tx.query<{ id: string | number }>(
      `INSERT INTO feed_runs (dealer_slug, trigger, started_at, lease_until, outcome) VALUES ($1, $4, $2, $3, 'running') RETURNING id`,
      [slug, now, new Date(now.getTime() + leaseMs), trigger],
    );
    return { id: Number(run.id), slug };
  });
}

export type RunOutcome = "published" | "kept" | "failed";

/** What a run came to: its report, or the error that stopped it. */
export type RunResult = { report: FeedReport } | { error: string };

export function outcomeOf(result: RunResult): { outcome: RunOutcome; message: string | null } {
  if ("error" in result) return { outcome: "failed", message: result.error };
  if (result.report.published) return { outcome: "published", message: null };
  return { outcome: "kept", message: result.report.keptLastGood ?? "the file was not published" };
}

/** Records how a claimed run ended (the figures, the outcome and the whole report). */
export async function finishRun(db: Queryable, id: number, result: RunResult, now: Date): Promise<void> {
  const { outcome, message } = outcomeOf(result);
  const r = "report" in result ? result.report : null;
  await db.query(
    `UPDATE feed_runs SET finished_at = $2, lease_until = NULL, outcome = $3, message = $4, report = $5::jsonb,
       rows = $6, accepted = $7, rejected = $8, hidden = $9, marked_sold = $10, removed = $11
     WHERE id = $1`,
    [
      id,
      now,
      outcome,
      message,
      r ? JSON.stringify(r) : null,
      r?.rows ?? 0,
      r?.accepted ?? 0,
      r?.rejected ?? 0,
      r?.hidden ?? 0,
      r?.markedSold ?? 0,
      r?.removed ?? 0,
    ],
  );
}

export async function markAlerted(db: Queryable, id: number): Promise<void> {
  await db.query("UPDATE feed_runs SET alerted = true WHERE id = $1", [id]);
}

/** A run's counts are its report's. */
type FeedRunCounts = Pick<FeedReport, "rows" | "accepted" | "rejected" | "hidden" | "markedSold" | "removed">;

export interface FeedRunRow extends FeedRunCounts {
  id: number;
  dealer: string;
  trigger: RunTrigger;
  startedAt: Date;
  finishedAt: Date | null;
  outcome: RunOutcome | "running";
  message: string | null;
  alerted: boolean;
}

const COLUMNS = "id, dealer_slug, trigger, started_at, finished_at, rows, accepted, rejected, hidden, marked_sold, removed, outcome, message, alerted";

function toRow(r: Record<string, unknown>): FeedRunRow {
  const date = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(r.id),
    dealer: String(r.dealer_slug),
    trigger: r.trigger as FeedRunRow["trigger"],
    startedAt: date(r.started_at)!,
    finishedAt: date(r.finished_at),
    rows: Number(r.rows),
    accepted: Number(r.accepted),
    rejected: Number(r.rejected),
    hidden: Number(r.hidden),
    markedSold: Number(r.marked_sold),
    removed: Number(r.removed),
    outcome: r.outcome as FeedRunRow["outcome"],
    message: (r.message as string | null) ?? null,
    alerted: Boolean(r.alerted),
  };
}

/** A dealer's runs, newest first. */
export async function feedHistory(db: Queryable, slug: string, limit = 30): Promise<FeedRunRow[]> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM feed_runs WHERE dealer_slug = $1 ORDER BY id DESC LIMIT $2`, [slug, Math.max(1, Math.min(limit, 500))]);
  return rows.map(toRow);
}

/** Each dealer's newest run. */
export async function lastRuns(db: Queryable): Promise<Map<string, FeedRunRow>> {
  const rows = await db.query(`SELECT DISTINCT ON (dealer_slug) ${COLUMNS} FROM feed_runs ORDER BY dealer_slug, id DESC`);
  return new Map(rows.map((r) => [String(r.dealer_slug), toRow(r)]));
}

/** One line about a run, for the command line and the directory: "published: 120 rows, 117 accepted, 2 rejected, 1 hidden, 3 marked sold, 0 removed". */
export function runSummary(run: FeedRunRow): string {
  // Cars that left the feed are marked sold (their pages say so); removed are sold cars kept long enough to go.
  const figures = `${run.rows} rows, ${run.accepted} accepted, ${run.rejected} rejected, ${run.hidden} hidden, ${run.markedSold} marked sold, ${run.removed} removed`;
  switch (run.outcome) {
    case "running":
      return "running now";
    case "published":
      return `published: ${figures}`;
    case "kept":
      return `last good stock kept (${run.message ?? "not published"}): ${figures}`;
    case "failed":
      return `failed: ${run.message ?? "unknown error"}`;
  }
}

export interface AlertDecision {
  send: boolean;
  /** Why, in the staff's words (the email's first line). */
  reason: string;
}

/** Whether a finished run warrants an email to the staff: it failed, kept the last good stock, or rejected more than the profile's share of rows. */
export function alertDecision(result: RunResult, alertRejectPercent: number): AlertDecision {
  const { outcome, message } = outcomeOf(result);
  if (outcome === "failed") return { send: true, reason: `The stock feed could not be imported: ${message}. The site keeps its last good stock.` };
  if (outcome === "kept") return { send: true, reason: `The stock feed was not published: ${message}. The site keeps its last good stock.` };
  const r = (result as { report: FeedReport }).report;
  if (r.rows > 0 && r.rejected * 100 > r.rows * alertRejectPercent)
    return {
      send: true,
      reason: `The stock feed rejected ${r.rejected} of ${r.rows} rows (${Math.round((r.rejected * 100) / r.rows)}%, more than the ${alertRejectPercent}% allowed before an alert).`,
    };
  return { send: false, reason: "" };
}
