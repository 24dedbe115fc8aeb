/**
 * Imports a dealer's stock.
 *
 * With a feed profile (the manifest's stockFeed), for onboarding staff:
 *
 *   tsx scripts/stock-import.ts --dealer=SLUG [--file=EXPORT] [--guess] [--dry-run]
 *
 * reads the dealer's feed (its https address, its inbox file, or EXPORT), maps the dealer's columns,
 * shows progress and prints the report in the dealer's words (kept with the run in the feed history).
 * A file that cannot be read or rejects more rows than the profile's limit leaves the site's stock
 * as it was. Without a profile, --file uses the mapping guessed from the header row; --guess only
 * prints that mapping (and the stockFeed section to paste into the manifest).
 * Every run is recorded in the feed history (the database's feed_runs, shared with the server's
 * scheduled runs; one run at a time) and the staff are emailed when it goes wrong; --history prints
 * the dealer's runs.
 * Exit code: 0 published, 1 published with rejected rows, 2 usage or I/O error, 3 not published.
 *
 * With a file already in Car form (JSON or CSV through schemas/entities/car.schema.json):
 *
 *   tsx scripts/stock-import.ts FILE [--dealer SLUG] [--out DIR] [--report json|csv] [--dry-run]
 *                                    [--algolia [--index NAME] [--algolia-host URL]]
 *
 * Accepted rows go to <out>/<slug>.json (default .data/stock; the slug is the site of the rows'
 * dealership, or --dealer, or the feed's file name); the report of every rejected row and why goes
 * to FILE.report.json (or .csv). With --algolia the accepted records, index settings and sort
 * replicas are pushed with algoliasearch using ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY: only what changed
 * since the stock file's previous content (new cars whole, changed ones as partial updates, cars that
 * left the feed deleted), to Algolia or to the host in ALGOLIA_HOST or --algolia-host.
 * Exit code: 0 all accepted, 1 some rows rejected, 2 usage or I/O error.
 */
import path from "node:path";
import { ALGOLIA_INDEX, buildAlgoliaPlan, createProgressBar, importFeed, pushToAlgolia } from "./stock/import";
import { stockDir } from "../runtime/stock/store";
import { runFeedCommand } from "./stock/feed-command";

const root = path.resolve(import.meta.dirname, "..");
const argv = process.argv.slice(2);
let file: string | undefined;
let dealer: string | undefined;
let out = stockDir(root);
let report: "json" | "csv" = "json";
let algolia = false;
let index = ALGOLIA_INDEX;
let algoliaHost = process.env.ALGOLIA_HOST || undefined;
let dryRun = false;
let feedFile: string | undefined;
let guess = false;
let history = false;

function fail(message: string): never {
  console.error(message);
  console.error("usage: npm run stock:import -- --dealer=SLUG [--file=EXPORT] [--guess] [--dry-run]");
  console.error("       npm run stock:import -- --history --dealer=SLUG");
  console.error(
    "       npm run stock:import -- FILE [--dealer SLUG] [--out DIR] [--report json|csv] [--dry-run] [--algolia [--index NAME] [--algolia-host URL]]",
  );
  process.exit(2);
}

for (let i = 0; i < argv.length; i++) {
  const [flag, inline] = argv[i].split("=", 2);
  const value = () => inline ?? argv[++i] ?? fail(`${flag} needs a value`);
  switch (flag) {
    case "--dealer":
      dealer = value();
      break;
    case "--out":
      out = path.resolve(value());
      break;
    case "--report": {
      const v = value();
      if (v !== "json" && v !== "csv") fail("--report must be json or csv");
      report = v;
      break;
    }
    case "--algolia":
      algolia = true;
      break;
    case "--index":
      index = value();
      break;
    case "--algolia-host":
      algoliaHost = value();
      break;
    case "--dry-run":
      dryRun = true;
      break;
    case "--file":
      feedFile = value();
      break;
    case "--guess":
      guess = true;
      break;
    case "--history":
      history = true;
      break;
    case "--help":
    case "-h":
      fail("");
    default:
      if (flag.startsWith("--")) fail(`unknown option ${flag}`);
      if (file) fail("only one FILE");
      file = argv[i];
  }
}
if (!file) {
  if (!dealer) fail("--dealer=SLUG (with its stockFeed profile) or a FILE in Car form is required");
  process.exit(await runFeedCommand({ root, dealer, file: feedFile, guess, dryRun, history, stockDir: out }));
}
if (feedFile || guess || history) fail("--file, --guess and --history go with --dealer and no FILE");

const appId = process.env.ALGOLIA_APP_ID;
const apiKey = process.env.ALGOLIA_ADMIN_KEY;
if (algolia && (!appId || !apiKey)) fail("--algolia needs ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY in the environment");

let result;
try {
  result = importFeed(file, { outDir: out, dealer, reportFormat: report, dryRun, onProgress: createProgressBar("validating") });
} catch (e) {
  console.error(`import failed: ${(e as Error).message}`);
  process.exit(2);
}

const rel = (p: string) => path.relative(process.cwd(), p) || p;
console.log(`${result.total} rows: ${result.accepted.length} accepted, ${result.rejected.length} rejected`);
if (result.outputPath)
  console.log(`wrote ${rel(result.outputPath)} (${result.accepted.length} imported, ${result.report.kept_records} kept from other dealerships)`);
else if (dryRun) console.log("dry run: nothing written to the stock directory");
console.log(`report: ${rel(result.reportPath)}`);
for (const r of result.rejected.slice(0, 5)) {
  console.log(`  row ${r.row}${r.line ? ` (line ${r.line})` : ""} id ${r.id ?? "-"}: ${r.reasons.map((x) => `${x.pointer || "/"} ${x.message}`).join("; ")}`);
}
if (result.rejected.length > 5) console.log(`  ... ${result.rejected.length - 5} more in the report`);

// Every server process sharing DATABASE_URL serves the new stock: the snapshot is published in the
// database and announced (runtime/fleet/shared-stock.ts); each process shows its sold and changed cars in
// search at once and indexes the snapshot. A single process on the embedded database sees the file within 2 s.
if (result.outputPath && process.env.DATABASE_URL) {
  const { openDb } = await import("../runtime/db/index");
  const { publishStockFiles } = await import("../runtime/fleet/shared-stock");
  const db = await openDb();
  try {
    const site = path.basename(result.outputPath, ".json");
    const [published] = await publishStockFiles(db, path.dirname(result.outputPath), [site], "stock:import");
    if (published.seq === null) console.log(`the stock of ${site} was already the published one`);
    else
      console.log(
        `published the stock of ${site} to every server process (${published.changes} changed cars shown at once${published.deferred ? `, ${published.deferred} more with the next index` : ""})`,
      );
  } catch (e) {
    console.error(`could not publish the new stock to the other server processes: ${(e as Error).message}`);
    process.exitCode = 2;
  } finally {
    await db.close();
  }
}

if (algolia && result.accepted.length > 0) {
  const plan = buildAlgoliaPlan(result.accepted, index, undefined, result.previous.length > 0 ? result.previous : undefined);
  try {
    const pushed = await pushToAlgolia(plan, { appId: appId!, apiKey: apiKey!, host: algoliaHost }, (line) => console.log(`algolia: ${line}`));
    console.log(
      `algolia: pushed ${pushed.objects} whole records, ${pushed.partial} partial updates and ${pushed.deleted} deletions to ${pushed.indexName} with replicas ${pushed.replicas.join(", ")}`,
    );
  } catch (e) {
    console.error(`algolia push failed: ${(e as Error).message}`);
    process.exit(2);
  }
}
process.exit(process.exitCode === 2 ? 2 : result.rejected.length > 0 ? 1 : 0);
