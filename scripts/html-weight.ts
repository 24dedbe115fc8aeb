/**
 * How much a page's HTML weighs and what it repeats: for each sample dealer's home page and one of
 * its vehicle pages, the bytes as sent raw, with gzip and with brotli, the inline RSC payload's
 * share, and how many times the repeats found before appear (the header's pre-hydration script,
 * the JSON-LD, the themed 404's message). Starts the production server (scripts/server.mjs, the
 * `next build` output) on HTML_WEIGHT_PORT or a free port.
 *
 *   npx tsx scripts/html-weight.ts [--dealers=a,b] [--port=N (a server already running)]
 */
import http from "node:http";
import zlib from "node:zlib";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HEADER_PRE_HYDRATION_SCRIPT } from "../blocks/site-header/pre-hydration";
import { freePort, startNextServer, stopAndWait, waitForServer } from "./lib/next-server";
import { resolvedWording } from "../runtime/wording";
import type { DealerManifest } from "../runtime/generated/types";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const root = path.resolve(import.meta.dirname, "..");
const dealers = (
  arg("dealers")?.split(",") ??
  readdirSync(path.join(root, "manifests"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -5))
).sort();

function get(port: number, host: string, urlPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, headers: { host, accept: "text/html" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The inline RSC payload: the text of every `self.__next_f.push(...)` script. */
function payloadOf(html: string): string {
  return [...html.matchAll(/<script[^>]*>(self\.__next_f\.push\([\s\S]*?\))<\/script>/g)].map((m) => m[1]).join("");
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

/** Counted by short fragments that survive the payload's escaping (its strings are JSON inside a script's JS string). */
const HEADER_SCRIPT_MARK = HEADER_PRE_HYDRATION_SCRIPT.match(/function idle\(h\)/)![0];
const JSON_LD_MARK = "application/ld+json";

function weigh(html: string, notFoundTitle: string) {
  const bytes = Buffer.from(html);
  const payload = payloadOf(html);
  const rest = html.split(/<script[^>]*>self\.__next_f\.push\([\s\S]*?\)<\/script>/).join("");
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 6 }).length,
    br: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    payload: Buffer.byteLength(payload),
    headerScriptHtml: count(rest, HEADER_SCRIPT_MARK),
    headerScriptPayload: count(payload, HEADER_SCRIPT_MARK),
    jsonLdHtml: count(rest, JSON_LD_MARK),
    jsonLdPayload: count(payload, JSON_LD_MARK),
    notFoundPayload: count(payload, notFoundTitle),
  };
}

// --port=N: weigh the pages of a server already running there instead of starting one.
const running = arg("port");
const port = running ? Number(running) : process.env.HTML_WEIGHT_PORT ? Number(process.env.HTML_WEIGHT_PORT) : await freePort();
const server = running ? undefined : startNextServer(port, { stdio: ["ignore", "ignore", "inherit"] });
try {
  await waitForServer(port, { server, host: `${dealers[0]}.localhost`, path: "/robots.txt", timeoutMs: 180_000 });
  const rows: string[] = [];
  for (const dealer of dealers) {
    const manifest = JSON.parse(readFileSync(path.join(root, "manifests", `${dealer}.json`), "utf8")) as DealerManifest;
    const notFoundTitle = resolvedWording(manifest.wording).notFoundTitle;
    const host = `${dealer}.localhost`;
    const home = await get(port, host, "/");
    const car =
      home.body.match(/href="(\/cars\/[a-z0-9-]+)"/)?.[1] ??
      (await get(port, host, "/search/new-used-and-demo-cars")).body.match(/href="(\/cars\/[a-z0-9-]+)"/)?.[1];
    const pages: [string, string][] = [["home", "/"]];
    if (car) pages.push(["vehicle", car]);
    for (const [kind, urlPath] of pages) {
      // The second answer is the cached one (the first may be rendered while it is cached).
      await get(port, host, urlPath);
      const { status, body } = await get(port, host, urlPath);
      const w = weigh(body, notFoundTitle);
      rows.push(
        `| ${dealer} | ${kind} | ${status} | ${w.raw} | ${w.gzip} | ${w.br} | ${w.payload} | ${w.headerScriptHtml} + ${w.headerScriptPayload} | ${w.jsonLdHtml} + ${w.jsonLdPayload} | ${w.notFoundPayload} |`,
      );
    }
  }
  console.log(
    "| Dealer | Page | Status | Raw | gzip | brotli | Inline RSC payload | Header script (HTML + payload) | JSON-LD (HTML + payload) | 404 message in payload |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
} finally {
  await stopAndWait(server);
}
