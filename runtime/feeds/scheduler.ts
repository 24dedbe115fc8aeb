/**
 * The feed scheduler a production server starts once it is ready: every minute it brings the
 * schedule rows in line with the dealers' profiles, then claims and runs the due feeds one at a
 * time (runtime/feeds/runs.ts keeps it to one run across every process). Each finished run is
 * recorded, the staff are emailed when it went wrong, and a published one is announced on the
 * change bus so every process looks at the new stock at once.
 */
import type { Db } from "../db/types";
import type { FeedReport } from "./report";
import { alertDecision, claimDueRun, DEFAULT_LEASE_MS, finishRun, markAlerted, syncSchedules, type ClaimedRun, type FeedSite, type RunResult } from "./runs";

/** What the run's ending needs to know about the dealer. */
export interface RunDealer {
  siteName: string;
  /** The staff address alerts go to (the profile's alertEmail, else the site's contact email). */
  alertTo: string;
  alertRejectPercent: number;
}

export interface AlertMessage {
  dealer: string;
  to: string;
  subject: string;
  text: string;
}

export interface CompleteRunDeps {
  /** Sends the staff email (the messaging adapters: SMTP, or the local inbox on a machine without one). */
  sendAlert: (m: AlertMessage) => Promise<void>;
  /** Publishes the site's new stock to every process (the shared stock and the change bus). */
  announceStock: (site: string) => Promise<void>;
  now: () => Date;
}

/** The alert email for a run that went wrong. */
export function alertMessage(slug: string, dealer: RunDealer, reason: string, report: FeedReport | null): AlertMessage {
  const lines = [reason, ""];
  if (report) {
    lines.push(`Rows read: ${report.rows}; accepted: ${report.accepted}; rejected: ${report.rejected}; hidden: ${report.hidden}.`);
    const rejected = report.issues.filter((i) => i.kind === "rejected").slice(0, 10);
    if (rejected.length > 0) lines.push("", "Rejected rows:", ...rejected.map((i) => `- ${i.row !== undefined ? `row ${i.row}: ` : ""}${i.message}`));
  }
  // Read by the dealer's staff as well as the platform's: the studio's screen, not a command, is where the report is.
  lines.push("", `The whole report and every earlier run: the stock feed screen in the studio, /studio/${slug}/feed.`);
  return { dealer: slug, to: dealer.alertTo, subject: `${dealer.siteName}: stock feed needs attention`, text: lines.join("\n") };
}

/** Records a finished run, emails the staff when it went wrong, and announces published stock. */
export async function completeRun(db: Db, run: ClaimedRun, result: RunResult, dealer: RunDealer | null, deps: CompleteRunDeps): Promise<void> {
  await finishRun(db, run.id, result, deps.now());
  if ("report" in result && result.report.published) {
    await deps
      .announceStock(run.slug)
      .catch((e: Error) => console.error(`feed ${run.slug}: could not announce the new stock (each process sees it within moments): ${e.message}`));
  }
  if (!dealer) return;
  const decision = alertDecision(result, dealer.alertRejectPercent);
  if (!decision.send) return;
  try {
    await deps.sendAlert(alertMessage(run.slug, dealer, decision.reason, "report" in result ? result.report : null));
    await markAlerted(db, run.id);
  } catch (e) {
    // The address stays out of the log; the run's row shows it was not alerted.
    console.error(`feed ${run.slug}: the alert email could not be sent: ${(e as Error).message}`);
  }
}

export interface FeedSchedulerOptions extends CompleteRunDeps {
  db: Db;
  /** The dealers with a feed profile now. */
  sites: () => FeedSite[] | Promise<FeedSite[]>;
  /** The dealer's names and alert settings; null when it no longer has a profile. */
  dealer: (slug: string) => RunDealer | null;
  /** Runs one import; a thrown error is recorded as a failed run. */
  run: (slug: string) => Promise<FeedReport>;
  /** How often due feeds are looked for (default a minute). */
  intervalMs?: number;
  leaseMs?: number;
}

export interface FeedScheduler {
  /** One pass: sync the schedules and run every due feed in turn. Returns the runs it made. */
  tick(): Promise<ClaimedRun[]>;
  /** Resolves when no pass is under way (tests, shutdown). */
  idle(): Promise<void>;
  stop(): void;
}

export function startFeedScheduler(options: FeedSchedulerOptions): FeedScheduler {
  const interval = options.intervalMs ?? 60_000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let passing: Promise<ClaimedRun[]> | null = null;

  async function pass(): Promise<ClaimedRun[]> {
    const done: ClaimedRun[] = [];
    const problems = await syncSchedules(options.db, await options.sites(), options.now());
    for (const p of problems) console.error(`feed ${p.slug}: not scheduled: ${p.problem}`);
    while (!stopped) {
      const run = await claimDueRun(options.db, options.now(), options.leaseMs ?? DEFAULT_LEASE_MS);
      if (!run) break;
      let result: RunResult;
      try {
        result = { report: await options.run(run.slug) };
      } catch (e) {
        result = { error: (e as Error).message };
      }
      await completeRun(options.db, run, result, options.dealer(run.slug), options);
      done.push(run);
    }
    return done;
  }

  // Passes never overlap within a process: a tick while one is under way waits for it.
  const tick = (): Promise<ClaimedRun[]> => {
    if (!passing) passing = pass().finally(() => (passing = null));
    return passing;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      tick()
        .catch((e: Error) => console.error(`feed scheduler: ${e.message}`))
        .finally(schedule);
    }, interval);
    timer.unref?.();
  };
  schedule();
  return {
    tick,
    idle: async () => {
      await passing?.catch(() => undefined);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
