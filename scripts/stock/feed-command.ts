/**
 * The command-line face of a feed import (`npm run stock:import -- --dealer=SLUG`): progress while
 * rows are read, then the report in the dealer's words; `--guess` prints the proposed mapping with
 * each column's confidence and the stockFeed section to paste into the manifest.
 */
import fs from "node:fs";
import path from "node:path";
import { guessMapping } from "../../runtime/feeds/guess";
import { resolveStockFeed } from "../../runtime/feeds/profile";
import { FeedFileError } from "../../runtime/feeds/read";
import { reportLines } from "../../runtime/feeds/report";
import { createProgressBar } from "./import";
import { openDb, type Db } from "../../runtime/db/index";
import type { FeedReport } from "../../runtime/feeds/report";
import { claimRunNow, feedHistory, runSummary, type RunResult } from "../../runtime/feeds/runs";
import { completeRun } from "../../runtime/feeds/scheduler";
import { runDealer, runDeps } from "../../runtime/feeds/server";
import { loadDealer, proposedProfile, readTable, runFeedImport } from "../../runtime/feeds/import";
import { photoMirrorFor } from "../../runtime/feeds/photos";

export interface FeedCommand {
  root: string;
  dealer: string;
  file?: string;
  guess: boolean;
  dryRun: boolean;
  /** Print the dealer's run history instead of importing. */
  history?: boolean;
  /** The database the run is recorded in (default DATABASE_URL or the embedded one). */
  openDb?: () => Promise<Db>;
  stockDir: string;
  /** Where the lines go (default: standard output). */
  print?: (line: string) => void;
}

/** Runs the command and returns its exit code: 0 published, 1 published with rejected rows, 2 a usage or I/O error, 3 not published. */
export async function runFeedCommand(cmd: FeedCommand): Promise<number> {
  const print = cmd.print ?? ((line: string) => console.log(line));
  const manifestsDir = path.join(cmd.root, "manifests");
  const publicDir = path.join(cmd.root, "public");
  try {
    if (cmd.guess) return await printGuess(cmd, manifestsDir, publicDir, print);
    if (cmd.history) return await printHistory(cmd, print);
    // Every run is recorded in the feed history, one at a time with the server's scheduled runs; a
    // dry run only reads whether the dealer was imported before.
    const db = await openRecordingDb(cmd);
    try {
      const manifest = loadDealer(cmd.dealer, manifestsDir, publicDir);
      const claimed = db && !cmd.dryRun ? await claimRunNow(db, cmd.dealer, new Date()) : null;
      if (claimed && "busy" in claimed) {
        console.error(`stock:import: the feed of ${claimed.busy} is being imported now; run again when it has finished`);
        return 2;
      }
      let code: number;
      let result: RunResult;
      try {
        code = await importOnce(cmd, manifestsDir, publicDir, db, print, (r) => (result = { report: r }));
      } catch (e) {
        result = { error: (e as Error).message };
        throw e;
      } finally {
        if (db && claimed) await completeRun(db, claimed, result!, runDealer(manifest), runDeps(db, cmd.stockDir));
      }
      if (db && claimed) print(`Recorded in the feed history (npm run stock:import -- --history --dealer=${cmd.dealer}).`);
      return code;
    } finally {
      await db?.close();
    }
  } catch (e) {
    if (!(e instanceof FeedFileError)) throw e;
    console.error(`stock:import: ${e.message}`);
    return 2;
  }
}

/** The database to record the run in, or null (with a note) when it cannot be opened, e.g. the server holds the embedded one. */
async function openRecordingDb(cmd: FeedCommand): Promise<Db | null> {
  try {
    return await (cmd.openDb ?? (() => openDb()))();
  } catch (e) {
    console.error(`stock:import: this run is not recorded in the feed history: ${(e as Error).message}`);
    return null;
  }
}

async function printHistory(cmd: FeedCommand, print: (line: string) => void): Promise<number> {
  const db = await (cmd.openDb ?? (() => openDb()))();
  try {
    const runs = await feedHistory(db, cmd.dealer);
    if (runs.length === 0) {
      print(`${cmd.dealer}: no feed runs yet`);
      return 0;
    }
    print(`${cmd.dealer}: the last ${runs.length} feed ${runs.length === 1 ? "run" : "runs"}, newest first`);
    for (const run of runs) print(`  ${run.startedAt.toISOString()}  ${run.trigger.padEnd(8)}  ${runSummary(run)}${run.alerted ? " (staff alerted)" : ""}`);
    return 0;
  } finally {
    await db.close();
  }
}

async function importOnce(
  cmd: FeedCommand,
  manifestsDir: string,
  publicDir: string,
  db: Db | null,
  print: (line: string) => void,
  onReport: (report: FeedReport) => void,
): Promise<number> {
  {
    const bar = createProgressBar("rows read");
    const photoBar = createProgressBar("photos mirrored");
    let accepted = 0;
    const { report, guessed } = await runFeedImport({
      dealer: cmd.dealer,
      file: cmd.file,
      manifestsDir,
      publicDir,
      stockDir: cmd.stockDir,
      dataDir: path.join(cmd.root, ".data"),
      dryRun: cmd.dryRun,
      db,
      photos: db && !cmd.dryRun ? photoMirrorFor(db) : null,
      onPhotoProgress: (done, total) => photoBar(done, total),
      onProgress: (read, total, acc) => {
        accepted = acc;
        bar(read, total);
      },
    });
    if (guessed) print(`No stockFeed in the manifest: the columns were guessed from the header row (${Object.keys(guessed.columns).length} mapped).`);
    if (report.rows > 0) print(`${report.rows} rows read, ${accepted} accepted`);
    for (const line of reportLines(report)) print(line);
    if (cmd.dryRun) print("Dry run: the stock was not changed.");
    onReport(report);
    if (!report.published) return 3;
    return report.rejected > 0 ? 1 : 0;
  }
}

async function printGuess(cmd: FeedCommand, manifestsDir: string, publicDir: string, print: (line: string) => void): Promise<number> {
  const manifest = loadDealer(cmd.dealer, manifestsDir, publicDir);
  const source = manifest.stockFeed?.source;
  const file = cmd.file ?? (source?.inboxFile ? path.join(cmd.root, ".data", "inbox", cmd.dealer, source.inboxFile) : undefined);
  if (!file) throw new FeedFileError("--guess needs a file to read the header row from: --file=<export>");
  if (!fs.existsSync(file)) throw new FeedFileError(`the file ${file} is not there`);
  const table = await readTable(new Uint8Array(fs.readFileSync(file)), resolveStockFeed(manifest.stockFeed ?? { source: { inboxFile: "feed" } }));
  const guessed = guessMapping(table.columns);
  print(`${file} (${table.format}, ${table.dialect}): ${table.columns.length} columns`);
  const width = Math.max(...table.columns.map((c) => c.length), 6);
  for (const p of guessed.proposals) {
    const confidence = p.field ? `${Math.round(p.confidence * 100)}%`.padStart(4) : "    ";
    print(`  ${p.column.padEnd(width)}  ${(p.field ?? "(not used)").padEnd(18)} ${confidence}  ${p.reason}`);
  }
  if (guessed.priceType) print(`The price column's name says ${guessed.priceType}: the price type is set to it.`);
  print("");
  print('Paste this into the manifest as "stockFeed" (set "source" to the feed\'s address or inbox file) and correct any column:');
  print(JSON.stringify(proposedProfile(guessed, source ?? { inboxFile: path.basename(file) }), null, 2));
  return 0;
}
