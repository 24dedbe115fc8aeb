/**
 * npx tsx scripts/bench-document-pass.ts: what the production server's one pass over an HTML
 * document (runtime/http/document-pass.mjs) costs per page, cold (a page seen for the first time)
 * and memoised (the same bytes again, as a cached vehicle page is on every hit). A benchmark, not
 * a test: the figures go to docs/performance.md ("One pass over the HTML").
 *
 * Usage: npx tsx scripts/bench-document-pass.ts --file=page.html [--runs=200]
 *    or: npx tsx scripts/bench-document-pass.ts --url=http://127.0.0.1:3000/cars/SLUG --host=sunshine-chery.localhost
 * A page fetched from the server has been through the pass already (its framework scripts are
 * loader calls), so the rewrite finds nothing left to take; the tokenizer, which is the cost,
 * reads the same bytes either way.
 */
import { readFileSync } from "node:fs";
import { passOverDocument, processDocument } from "../runtime/http/document-pass.mjs";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RUNS = Number(arg("runs") ?? 200);

async function page(): Promise<Buffer> {
  const file = arg("file");
  if (file) return readFileSync(file);
  const url = arg("url");
  if (!url) throw new Error("give --file=page.html or --url=http://127.0.0.1:PORT/path (with --host=dealer.localhost)");
  const res = await fetch(url, { headers: arg("host") ? { host: arg("host")! } : {} });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Mean and median milliseconds per call after a warm-up of a tenth of the runs. */
async function time(label: string, fn: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.max(5, RUNS / 10); i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(`${label.padEnd(44)} mean ${mean.toFixed(2)} ms, median ${ms[Math.floor(ms.length / 2)].toFixed(2)} ms`);
}

const body = await page();
const html = body.toString("utf8");
console.log(`${(body.length / 1024).toFixed(1)} KiB, ${RUNS} runs each`);
await time("cold pass, hashes only", () => passOverDocument(html, false));
await time("cold pass, hashes and after-paint rewrite", () => passOverDocument(html, true));
await time("memoised pass, same bytes again", () => processDocument(Buffer.from(body), { afterPaint: true }));
