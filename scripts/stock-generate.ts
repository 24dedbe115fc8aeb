/**
 * Writes deterministic demo stock: one JSON file per sample site in .data/stock (gitignored).
 *
 *   tsx scripts/stock-generate.ts [--count N] [--seed S] [--out DIR] [--now ISO-DATE]
 *
 * Defaults: 3,600 vehicles, seed "dealer-demo", now = start of today (UTC). `--count 100000`
 * makes a benchmark set. `ensureStock(root)` (re-exported) generates only missing files.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_STOCK_COUNT, DEFAULT_STOCK_SEED, generateStockFiles, startOfUtcDay } from "./stock/generate";
import { stockDir } from "../runtime/stock/store";

export { ensureStock } from "./stock/generate";

interface Args {
  count: number;
  seed: string;
  out: string;
  now: number;
}

export function parseGenerateArgs(argv: readonly string[], root: string): Args {
  const args: Args = { count: DEFAULT_STOCK_COUNT, seed: DEFAULT_STOCK_SEED, out: stockDir(root), now: startOfUtcDay() };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--count": {
        const n = Number(value());
        if (!Number.isInteger(n) || n < 1 || n > 2_000_000) throw new Error("--count must be an integer from 1 to 2000000");
        args.count = n;
        break;
      }
      case "--seed":
        args.seed = String(value());
        break;
      case "--out":
        args.out = path.resolve(String(value()));
        break;
      case "--now": {
        const t = Date.parse(String(value()));
        if (Number.isNaN(t)) throw new Error("--now must be a date, e.g. 2026-01-15");
        args.now = t;
        break;
      }
      case "--help":
      case "-h":
        console.log("usage: tsx scripts/stock-generate.ts [--count N] [--seed S] [--out DIR] [--now ISO-DATE]");
        process.exit(0);
      default:
        throw new Error(`unknown option ${argv[i]}`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  const root = path.resolve(import.meta.dirname, "..");
  let args: Args;
  try {
    args = parseGenerateArgs(process.argv.slice(2), root);
  } catch (e) {
    console.error(String((e as Error).message));
    process.exit(2);
  }
  const result = generateStockFiles(args.out, { count: args.count, seed: args.seed, now: args.now });
  const rel = path.relative(process.cwd(), result.dir) || ".";
  for (const [slug, n] of Object.entries(result.files)) console.log(`${String(n).padStart(8)}  ${path.join(rel, `${slug}.json`)}`);
  console.log(
    `${String(result.total).padStart(8)}  vehicles (seed ${JSON.stringify(args.seed)}, now ${new Date(args.now).toISOString()}); generated in ${Math.round(result.generateMs)} ms, written in ${Math.round(result.writeMs)} ms`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await main();
}
