// Makes sure the demo stock is there, anchored on the right day (deterministic; scripts/stock/generate.ts).
//
//   tsx scripts/stock-setup.ts                  the fixed anchor (npm test, the unit and browser tests)
//   tsx scripts/stock-setup.ts --anchor=today   today's anchor (npm start)
//
// The stock's dates (listing, sold, build month, rego expiry, model years) follow its anchor. The
// tests use a fixed day (scripts/stock/anchor.ts): the browser tests freeze the server's clock at
// noon on it (playwright.config.ts), so every machine on every day renders the same pages and the
// visual baselines (tests/e2e/visual.spec.ts) hold. `npm start` anchors it on the day it runs, so a
// newcomer sees cars listed days ago and sold yesterday, whatever the date. Either way the stored
// demo stock is made again when its anchor is not the one wanted (for today's: older than
// yesterday, or in the future), file by file, and only where the file is still what the generator
// wrote: a dealer's imported feed, or a benchmark set, is never replaced. The folder is STOCK_DIR,
// or .data/stock.
import path from "node:path";
import { ensureStock, startOfUtcDay } from "./stock/generate";
import { DEMO_STOCK_ANCHOR } from "./stock/anchor";
import { stockDirectory } from "../runtime/stock/store";

export { DEMO_STOCK_ANCHOR };

const DAY = 86_400_000;

/** The anchor wanted and when stored demo stock anchored on another day is made again. */
export function anchorFor(mode: "fixed" | "today", clock: number = Date.now()): { now: number; reanchor: (anchor: number) => boolean } {
  if (mode === "fixed") {
    const fixed = Date.parse(DEMO_STOCK_ANCHOR);
    return { now: fixed, reanchor: (anchor) => anchor !== fixed };
  }
  const today = startOfUtcDay(clock);
  // A day's grace: stock made yesterday still looks fresh, and a server started just after
  // midnight UTC does not regenerate twice in a few hours.
  return { now: today, reanchor: (anchor) => anchor < today - DAY || anchor > today };
}

export function parseAnchorArgs(argv: readonly string[]): "fixed" | "today" {
  let mode: "fixed" | "today" = "fixed";
  for (const arg of argv) {
    const m = /^--anchor=(fixed|today)$/.exec(arg);
    if (!m) throw new Error(`unknown option ${arg} (use --anchor=today or --anchor=fixed)`);
    mode = m[1] as "fixed" | "today";
  }
  return mode;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  let mode: "fixed" | "today";
  try {
    mode = parseAnchorArgs(process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
  }
  const root = path.resolve(import.meta.dirname, "..");
  const { now, reanchor } = anchorFor(mode);
  const result = ensureStock(root, { dir: stockDirectory(root), now, reanchor });
  const day = (iso: string | number) => new Date(iso).toISOString().slice(0, 10);
  if (result.reanchoredFrom)
    console.log(
      `Demo stock anchored on ${day(now)} (it was ${day(result.reanchoredFrom)}): ${result.files.length} file(s) made again` +
        (result.kept.length ? `; kept ${result.kept.join(", ")} (not the generated demo stock, e.g. an imported feed)` : "") +
        ".",
    );
  else if (result.generated) console.log(`Demo stock generated for ${result.files.join(", ")}.`);
}
