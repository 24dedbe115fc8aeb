/**
 * The feed report: one structure for the command line (and the studio and preview panel later),
 * in the dealer's own words. Every issue names the row as a spreadsheet numbers it (the header is
 * row 1), the stock number, the dealer's column and value where there is one, and what to do.
 * Pure.
 */

export type IssueKind =
  /** The row was not imported. */
  | "rejected"
  /** The row was imported but the site does not show the car (too few photos). */
  | "hidden"
  /** The car was imported; one value was left out or read a certain way. */
  | "warning";

export interface FeedIssue {
  kind: IssueKind;
  /** Row in the file as a spreadsheet numbers it (the header is row 1); absent for the file as a whole. */
  row?: number;
  stocknum?: string;
  /** The dealer's column, as written in the header. */
  column?: string;
  /** The value as it was in the cell. */
  value?: string;
  /** The photo the issue is about, by its place in the car's list (1 is the first). */
  photo?: number;
  /** The whole sentence, ready to show. */
  message: string;
}

export interface FeedReport {
  dealer: string;
  /** Where the file came from (its address or path). */
  source: string;
  format: "csv" | "xlsx" | "json";
  /** What the reader made of the file: the CSV separator and encoding, the worksheet. */
  dialect: string;
  startedAt: string;
  /** Data rows read (blank rows not counted). */
  rows: number;
  accepted: number;
  rejected: number;
  /** Accepted but not shown on the site. */
  hidden: number;
  /** Cars that left the feed and were marked sold by this run. */
  markedSold: number;
  /** Sold cars removed from the stock after the days they are kept. */
  removed: number;
  /** True when the stock on the site was replaced (in a dry run: would be); false when the last good stock stays. */
  published: boolean;
  /** A dry run: nothing on the site was changed. */
  dryRun?: boolean;
  /** Why the last good stock stays, when it does. */
  keptLastGood?: string;
  /** The photos mirrored to the site's own origin by a published run (absent when photos are not mirrored). */
  photos?: {
    stored: number;
    unchanged: number;
    keptLastGood: number;
    failed: number;
    /** Copies no car had named for the grace period, deleted after the run was published. */
    removed?: number;
  };
  /** The dealer's columns the import did not use. */
  unusedColumns: string[];
  issues: FeedIssue[];
}

/** Quotes a dealer's value for a message, shortened when long. */
export function quoteValue(value: string): string {
  const v = value.length > 60 ? `${value.slice(0, 57)}…` : value;
  return `'${v}'`;
}

/** The report's summary line: "120 rows: 117 accepted, 2 rejected, 1 hidden; 3 cars marked sold". */
export function summaryLine(r: FeedReport): string {
  const parts = [`${r.rows} rows: ${r.accepted} accepted, ${r.rejected} rejected, ${r.hidden} hidden`];
  if (r.markedSold > 0) parts.push(`${r.markedSold} ${r.markedSold === 1 ? "car" : "cars"} that left the feed marked sold`);
  if (r.removed > 0) parts.push(`${r.removed} sold ${r.removed === 1 ? "car" : "cars"} removed`);
  if (r.photos) {
    const p = r.photos;
    const photos = [`${p.stored} fetched`, `${p.unchanged} unchanged`];
    if (p.keptLastGood > 0) photos.push(`${p.keptLastGood} kept from before`);
    if (p.failed > 0) photos.push(`${p.failed} could not be fetched`);
    if (p.removed) photos.push(`${p.removed} no longer used removed`);
    parts.push(`photos: ${photos.join(", ")}`);
  }
  return parts.join("; ");
}

/** Whether the site shows the file's stock, in words (a dry run says what a real run would do). */
export function outcomeLine(r: FeedReport): string {
  if (r.dryRun)
    return r.published
      ? "A real run would put this stock on the site."
      : `A real run would keep the last good stock: ${r.keptLastGood ?? "the file would not be published"}.`;
  return r.published ? "The site now shows this stock." : `The site keeps its last good stock: ${r.keptLastGood ?? "the file was not published"}.`;
}

/** The report as lines of text for a terminal: the summary, the outcome, then each issue (at most `limit`). */
export function reportLines(r: FeedReport, limit = 50): string[] {
  const lines = [`${r.dealer}: ${r.source} (${r.format}, ${r.dialect})`, summaryLine(r)];
  lines.push(outcomeLine(r));
  if (r.unusedColumns.length > 0) lines.push(`Columns not used: ${r.unusedColumns.join(", ")}`);
  const order: IssueKind[] = ["rejected", "hidden", "warning"];
  const sorted = [...r.issues].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.row ?? 0) - (b.row ?? 0));
  for (const issue of sorted.slice(0, limit)) lines.push(`  ${issue.kind.padEnd(8)} ${issue.row !== undefined ? `row ${issue.row}: ` : ""}${issue.message}`);
  if (sorted.length > limit) lines.push(`  … ${sorted.length - limit} more in the report file`);
  return lines;
}
