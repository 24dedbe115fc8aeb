import "server-only";
import { Fragment, type ReactNode } from "react";
import { getDb } from "../db";
import type { DealerManifest, FeedField, StockFeed } from "../generated/types";
import { lastGood, readTable } from "../feeds/import";
import { resolveStockFeed } from "../feeds/profile";
import { FeedFileError } from "../feeds/read";
import { outcomeLine, summaryLine, type FeedIssue, type FeedReport } from "../feeds/report";
import { feedHistory, runSummary, type FeedRunRow } from "../feeds/runs";
import { getUpload, type FeedUpload } from "../feeds/uploads";
import { siteTimeZone } from "../time";
import { FEED_FIELD_LABELS } from "./feed-actions";
import type { FeedRefusal, FeedTarget } from "./feed-target";

/**
 * The studio's feed import screen (/studio/{dealer}/feed, a draft's /studio/drafts/{name}/feed):
 * the dealer's saved feed, a form to upload an export or give its address, the columns with their
 * first values and what each holds (guessed, adjustable), the dry run's report in plain words with
 * the first cars as the site would show them, and the feed's run history. Every step is a plain
 * form post (runtime/studio/feed-actions.ts). A draft that cannot be worked on yet (feed-target.ts)
 * gets the reason and the way back to its editor.
 */
export async function FeedScreen({ target, problem, notice }: { target: FeedTarget | FeedRefusal; problem?: string; notice?: string }): Promise<ReactNode> {
  if ("problem" in target) return <FeedRefused refusal={target} />;
  const { slug, manifest } = target;
  const db = await getDb();
  const [upload, history, good] = await Promise.all([getUpload(db, slug), feedHistory(db, slug, 20), lastGood(db, slug)]);
  const when = new Intl.DateTimeFormat("en-AU", { dateStyle: "medium", timeStyle: "short", timeZone: siteTimeZone(manifest) });
  const base = target.screen;
  const draft = target.kind === "draft";
  return (
    <main className="studio-index feed-screen">
      <p>
        <a href={target.editor}>
          Back to the editor of {draft ? "the draft " : ""}
          {manifest.name}
        </a>
      </p>
      <h1>
        Stock feed: {manifest.name}
        {draft ? " (draft)" : ""}
      </h1>
      {problem ? (
        <p role="alert" className="feed-problem">
          <strong>{problem}</strong>
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="feed-notice">
          {notice}
        </p>
      ) : null}
      {draft ? <DraftNote target={target} /> : null}
      <SavedFeed manifest={manifest} good={good ? `${when.format(good.runAt)}: ${good.accepted} cars from ${good.source}` : null} />
      <section aria-labelledby="feed-file">
        <h2 id="feed-file">1. The dealer&apos;s export</h2>
        <p>Upload the file the dealer&apos;s system exports (CSV, Excel or JSON), or give the address the platform downloads it from.</p>
        <form method="post" action={`${base}/upload`} encType="multipart/form-data" className="feed-form">
          <label htmlFor="feed-upload">Export file</label>
          <input id="feed-upload" name="file" type="file" accept=".csv,.txt,.tsv,.xlsx,.json,text/csv" />
          <button type="submit" name="action" value="upload">
            Upload and read the columns
          </button>
        </form>
        <form method="post" action={`${base}/upload`} encType="multipart/form-data" className="feed-form">
          <label htmlFor="feed-url">Or the feed&apos;s https address</label>
          <input id="feed-url" name="url" type="url" inputMode="url" placeholder="https://" size={40} />
          <button type="submit" name="action" value="fetch">
            Fetch and read the columns
          </button>
        </form>
        {manifest.stockFeed ? (
          <form method="post" action={`${base}/upload`} encType="multipart/form-data" className="feed-form">
            <button type="submit" name="action" value="source">
              Read the saved feed now
            </button>
          </form>
        ) : null}
      </section>
      {upload ? (
        <Columns
          upload={upload}
          base={base}
          when={when.format(upload.uploadedAt)}
          importBlocked={target.importBlocked}
          yards={feedYards(manifest, upload.profile)}
        />
      ) : null}
      {upload?.dryRun ? <Report report={upload.dryRun.report} preview={upload.dryRun.preview} /> : null}
      <History runs={history} format={(d) => when.format(d)} />
    </main>
  );
}

/** What the screen does for a draft: nothing here reaches a live site, and what is imported goes live with it. */
function DraftNote({ target }: { target: FeedTarget }) {
  return (
    <>
      <p>
        This dealer is a draft. A dry run changes nothing. Save the mapping saves it in the draft. Save and import now puts the cars on the draft&apos;s
        preview; when the draft goes live as {target.slug}, it keeps them and the nightly run carries on.
      </p>
      {target.importBlocked ? (
        <p role="note" className="feed-problem">
          {target.importBlocked}
        </p>
      ) : null}
    </>
  );
}

/** A draft whose feed cannot be worked on yet: why, and the way back to its editor. */
function FeedRefused({ refusal }: { refusal: FeedRefusal }) {
  return (
    <main className="studio-index feed-screen">
      <p>
        <a href={refusal.editor}>Back to the draft&apos;s editor</a>
      </p>
      <h1>Stock feed</h1>
      <p role="alert" className="feed-problem">
        <strong>{refusal.problem}</strong>
      </p>
    </main>
  );
}

function SavedFeed({ manifest, good }: { manifest: DealerManifest; good: string | null }) {
  const feed = manifest.stockFeed;
  if (!feed) return <p>This dealer has no stock feed yet: upload an export below, set what each column holds, and save.</p>;
  const profile = resolveStockFeed(feed);
  const source = profile.source.url
    ? `downloaded from ${profile.source.url}`
    : `the file ${profile.source.inboxFile} (the export last imported here, or a newer one the dealer's system drops into its inbox folder)`;
  return (
    <dl className="feed-facts">
      <dt>Saved feed</dt>
      <dd>
        {source}, {Object.keys(profile.columns ?? {}).length} columns mapped, run at {profile.schedule} ({siteTimeZone(manifest)})
      </dd>
      <dt>Last good import</dt>
      <dd>{good ?? "none yet"}</dd>
    </dl>
  );
}

const FIELD_OPTIONS = (Object.entries(FEED_FIELD_LABELS) as [FeedField, string][]).filter(([f]) => f !== "ignore");

/** The yards the feed's cars may be kept at (its dealership's locations): offered per kind of car when there is a choice. */
function feedYards(manifest: DealerManifest, profile: StockFeed): { id: number; name: string }[] {
  const dealership = profile.dealershipId ?? manifest.dealerships[0]?.id;
  const own = manifest.locations.filter((l) => l.dealership_id === dealership);
  return (own.length > 0 ? own : manifest.locations).map((l) => ({ id: l.id, name: l.name }));
}

/** How the export's values read (prices, photo lists, dates) and where each kind of car is kept when a row names no yard. */
function ValueOptions({
  transforms: t,
  profile,
  yards,
}: {
  transforms: NonNullable<StockFeed["transforms"]>;
  profile: StockFeed;
  yards: { id: number; name: string }[];
}) {
  return (
    <fieldset className="feed-options">
      <legend>Reading the values</legend>
      <label htmlFor="feed-price-type">Prices are</label>
      <select id="feed-price-type" name="priceType" defaultValue={t.priceType ?? ""}>
        <option value="">As the column of price types says (choose one below if no column does)</option>
        <option value="DAP">Drive away</option>
        <option value="EGC">Excluding government charges</option>
        <option value="ORC">Plus on-road costs</option>
      </select>
      <label htmlFor="feed-separator">Photo addresses are separated by</label>
      <select id="feed-separator" name="photoSeparator" defaultValue={t.photoSeparator ?? "auto"}>
        <option value="auto">Work it out</option>
        <option value="|">A bar |</option>
        <option value=";">A semicolon ;</option>
        <option value=",">A comma ,</option>
        <option value="space">Spaces</option>
        <option value="newline">New lines</option>
      </select>
      <label htmlFor="feed-date-order">Dates are written</label>
      <select id="feed-date-order" name="dateOrder" defaultValue={t.dateOrder ?? "dmy"}>
        <option value="dmy">Day, month, year (31/01/2024)</option>
        <option value="mdy">Month, day, year (01/31/2024)</option>
        <option value="ymd">Year, month, day (2024/01/31)</option>
      </select>
      {yards.length > 1
        ? CAR_KINDS.map(([kind, label]) => (
            <Fragment key={kind}>
              <label htmlFor={`feed-yard-${kind}`}>{label} (when a row names no yard)</label>
              <select id={`feed-yard-${kind}`} name={`yard.${kind}`} defaultValue={String(profile.locationByType?.[kind] ?? "")}>
                <option value="">The main yard</option>
                {yards.map((y) => (
                  <option key={y.id} value={String(y.id)}>
                    {y.name}
                  </option>
                ))}
              </select>
            </Fragment>
          ))
        : null}
    </fieldset>
  );
}

const CAR_KINDS = [
  ["new", "New cars are at"],
  ["demo", "Demo cars are at"],
  ["used", "Used cars are at"],
] as const;

async function Columns({
  upload,
  base,
  when,
  importBlocked,
  yards,
}: {
  upload: FeedUpload;
  base: string;
  when: string;
  importBlocked?: string;
  yards: { id: number; name: string }[];
}) {
  let table;
  try {
    table = await readTable(upload.bytes, resolveStockFeed(upload.profile));
  } catch (e) {
    if (!(e instanceof FeedFileError)) throw e;
    return (
      <p role="alert" className="feed-problem">
        The uploaded file could not be read: {e.message}. Upload it again.
      </p>
    );
  }
  const columns = upload.profile.columns ?? {};
  const t = upload.profile.transforms ?? {};
  return (
    <section aria-labelledby="columns">
      <h2 id="columns">2. What each column holds</h2>
      <p>
        {upload.source} ({table.dialect}), {table.rows.length} rows, read {when}. The platform guessed each column from its name; correct any that are wrong.
        Columns set to &ldquo;Not used&rdquo; are left out.
      </p>
      <form method="post" action={`${base}/mapping`}>
        <table className="feed-table">
          <thead>
            <tr>
              <th scope="col">Column in the file</th>
              <th scope="col">First values</th>
              <th scope="col">Holds</th>
            </tr>
          </thead>
          <tbody>
            {table.columns.map((column, i) => (
              <tr key={column}>
                <th scope="row">
                  <label htmlFor={`map-${i}`}>{column}</label>
                </th>
                <td className="feed-samples">
                  {table.rows
                    .slice(0, 3)
                    .map((r) => r.cells[i] ?? "")
                    .filter((v) => v !== "")
                    .map((v) => (v.length > 40 ? `${v.slice(0, 37)}…` : v))
                    .join(" · ")}
                </td>
                <td>
                  <select id={`map-${i}`} name={`map.${i}`} defaultValue={columns[column] ?? ""}>
                    <option value="">Not used</option>
                    {FIELD_OPTIONS.map(([field, label]) => (
                      <option key={field} value={field}>
                        {label}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ValueOptions transforms={t} profile={upload.profile} yards={yards} />
        <div className="feed-buttons">
          <button type="submit" name="action" value="dry-run">
            Dry run
          </button>
          <button type="submit" name="action" value="save">
            Save the mapping
          </button>
          {importBlocked ? null : (
            <button type="submit" name="action" value="import">
              Save and import now
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function issueText(issue: FeedIssue): string {
  return issue.row !== undefined ? `Row ${issue.row}: ${issue.message}` : issue.message;
}

const money = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD", maximumFractionDigits: 0 });

export function Report({
  report,
  preview,
}: {
  report: FeedReport;
  preview: { stocknum: string; name: string; price: number; priceType: string; km: number | null; photos: number; status: string; shown: boolean }[];
}) {
  const rejected = report.issues.filter((i) => i.kind === "rejected");
  const hidden = report.issues.filter((i) => i.kind === "hidden");
  const warnings = report.issues.filter((i) => i.kind === "warning" && i.photo === undefined);
  const photos = report.issues.filter((i) => i.kind === "warning" && i.photo !== undefined);
  const list = (title: string, issues: FeedIssue[]) =>
    issues.length > 0 ? (
      <>
        <h3>{title}</h3>
        <ul>
          {issues.slice(0, 100).map((i, n) => (
            <li key={n}>{issueText(i)}</li>
          ))}
        </ul>
        {issues.length > 100 ? <p>… and {issues.length - 100} more.</p> : null}
      </>
    ) : null;
  return (
    <section aria-labelledby="report">
      <h2 id="report">3. The report</h2>
      <p>
        <strong>{summaryLine(report)}.</strong> {outcomeLine(report)}
      </p>
      <ul className="feed-counts">
        <li>Rows accepted: {report.accepted}</li>
        <li>Rows refused: {report.rejected}</li>
        <li>Cars not shown yet: {report.hidden}</li>
        {report.photos ? <li>Photos copied to the site: {report.photos.stored + report.photos.unchanged}</li> : null}
        {report.photos ? <li>Photos that could not be fetched: {report.photos.failed + report.photos.keptLastGood}</li> : null}
      </ul>
      {report.unusedColumns.length > 0 ? <p>Columns not used: {report.unusedColumns.join(", ")}.</p> : null}
      {list("Refused rows", rejected)}
      {list("Cars imported but not shown", hidden)}
      {list("Photos that could not be fetched", photos)}
      {list("Values read a certain way", warnings)}
      {preview.length > 0 ? (
        <table className="feed-table">
          <caption>The first cars as the site will show them</caption>
          <thead>
            <tr>
              <th scope="col">Stock number</th>
              <th scope="col">Car</th>
              <th scope="col">Price</th>
              <th scope="col">Odometer</th>
              <th scope="col">Photos</th>
              <th scope="col">On the site</th>
            </tr>
          </thead>
          <tbody>
            {preview.map((c) => (
              <tr key={c.stocknum}>
                <td>{c.stocknum}</td>
                <td>{c.name}</td>
                <td>{c.price > 0 ? `${money.format(c.price)} ${c.priceType}` : "Price on application"}</td>
                <td>{c.km === null ? "" : `${c.km.toLocaleString("en-AU")} km`}</td>
                <td>{c.photos}</td>
                <td>{!c.shown ? "Hidden" : c.status === "sold" ? "Sold" : "Shown"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

const TRIGGERS: Record<FeedRunRow["trigger"], string> = { schedule: "On schedule", cli: "Command line", studio: "Studio" };

function History({ runs, format }: { runs: FeedRunRow[]; format: (d: Date) => string }) {
  return (
    <section aria-labelledby="history">
      <h2 id="history">Run history</h2>
      {runs.length === 0 ? (
        <p>No runs yet.</p>
      ) : (
        <table className="feed-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Started by</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id}>
                <td>{format(r.startedAt)}</td>
                <td>{TRIGGERS[r.trigger]}</td>
                <td>
                  {runSummary(r)}
                  {r.alerted ? " (staff alerted)" : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
