#!/usr/bin/env node
// The production server: Next's request handler (the production build in .next) behind
// compression, the security headers and the one pass over each HTML document that lists its
// inline scripts for the Content-Security-Policy and moves the framework's scripts after the first
// paint (runtime/http/secure-response.mjs, document-pass.mjs). npm start, the Playwright suite and
// the benchmarks all serve through this file; `next start` alone would send pages without any of
// this (docs/deployment.md), so the app warns when it runs without it (runtime/http/entry-point.mjs).
// Usage: node scripts/server.mjs [-p PORT]   (or PORT=...; default 3000)
import http from "node:http";
import v8 from "node:v8";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import { randomUUID } from "node:crypto";
import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { publicAssetsAddedLater } from "../runtime/http/public-assets.mjs";
import { sanitiseRequest, trustFromEnv } from "../runtime/http/forwarded.mjs";
import { secureResponse } from "../runtime/http/secure-response.mjs";
import { baseSecurityHeaders, NON_DOCUMENT_CSP } from "../runtime/http/security-headers.mjs";
import { log } from "../runtime/http/log.mjs";
import { runShutdownHooks } from "../runtime/lifecycle/shutdown.mjs";
import { markProductionServer } from "../runtime/http/entry-point.mjs";
import { studioSecretProblem } from "../runtime/studio/secret-rule.mjs";
import { startRefusal } from "../runtime/fleet/single-process.mjs";
import { isReady, memoryNotes, noteMemory, setListeningPort, setReady, START_CONDITIONS, waitFor, whenReady } from "../runtime/fleet/readiness.mjs";
import { allowInlineScripts, isKnownHost, pageKeyOf, setPageForget, warmUpRequests } from "../runtime/http/server-bridge.mjs";
import { answerFromStore, DEFAULT_MAX_BYTES, isPlainDocumentRequest, PageStore } from "../runtime/page-cache/served-pages.mjs";
import { sharedPagesFromEnv } from "../runtime/page-cache/redis-pages.mjs";
import { nextBootstrapScripts } from "../runtime/http/next-scripts.mjs";
import { recordServerAddress } from "../runtime/http/server-address.mjs";
import { preloadRoutes } from "../runtime/http/preload-routes.mjs";
import { ownWarmUp, warmUpBeforeReady, warmUpToken } from "../runtime/http/warm-up.mjs";
import { StaticBrotli } from "../runtime/http/static-brotli.mjs";
import { answerAfterPause, refusedClients, TOO_MANY_REQUESTS } from "../runtime/http/refused-clients.mjs";
import { apiErrorBody, JSON_CONTENT_TYPE } from "../runtime/http/api-error.mjs";
import { limitHeapGrowth } from "./lib/server-env.mjs";

// Before Next and the stores are loaded: how far the heap may grow past what is live
// (scripts/lib/server-env.mjs).
limitHeapGrowth(v8, process.execArgv);

// Structured logs: every line this process writes through console is one JSON object with the
// request id of the request it was written for (AsyncLocalStorage follows the request through
// Next's handler), so a line can be traced across the access log and the app's own messages.
// LOG_FORMAT=text keeps the plain lines (local reading).
const requestContext = new AsyncLocalStorage();
if (process.env.LOG_FORMAT !== "text") {
  for (const [method, level] of [
    ["log", "info"],
    ["info", "info"],
    ["warn", "warn"],
    ["error", "error"],
  ]) {
    console[method] = (...args) => log(level, "app", { id: requestContext.getStore()?.id, msg: format(...args) });
  }
}

// A studio secret too short to hold against guessing: refuse to start rather than serve a studio
// anyone could open (runtime/studio/secret-rule.mjs; the studio itself stays closed with one too).
const weakStudioSecret = studioSecretProblem(process.env.STUDIO_SECRET);
if (weakStudioSecret) {
  log("error", "studio-secret-too-short", { msg: weakStudioSecret });
  process.exit(1);
}

// A production process without DATABASE_URL would keep a database of its own beside its peers':
// it starts only when told it runs alone (SINGLE_PROCESS=1, as npm start does).
const refusal = startRefusal({ ...process.env, NODE_ENV: "production" });
if (refusal) {
  log("error", "refused", { msg: refusal });
  process.exit(1);
}

// Before Next (and its React) load: the production builds are chosen by NODE_ENV, and the app
// learns that this server, with its headers and document pass, is the one in front of it.
process.env.NODE_ENV = "production";
markProductionServer(process.env);
noteMemory("node and this server");
const { default: next } = await import("next");
noteMemory("Next loaded");

const root = path.resolve(import.meta.dirname, "..");
const flag = process.argv.indexOf("-p");
const port = Number(flag !== -1 ? process.argv[flag + 1] : (process.env.PORT ?? 3000));

// Taken before Next lists public/ so that nothing falls between the two listings.
// Only on the hosts the app serves (registered by instrumentation.ts while Next is prepared).
const serveAddedAsset = publicAssetsAddedLater(path.join(root, "public"), { isKnownHost });
setListeningPort(port);
// What the app loads at start (instrumentation.ts): the published manifests, the change bus, the
// stock; and Next itself (app.prepare(), which runs instrumentation.ts to its end). The port
// listens at once: until all of it is done (and the warm-up below) /readyz answers 503 with what
// is still loading and every other request but /healthz is held (a request is never answered from a half-started
// process). A start that fails or hangs exits 1.
const READY_APP = "application";
for (const condition of [...START_CONDITIONS, READY_APP]) waitFor(condition);
// Then, the app loaded, it asks itself one request of each kind that loads code on first use, the
// only requests it serves before ready (runtime/http/warm-up.mjs); /readyz waits for their answers.
const warmToken = warmUpToken();
void warmUpBeforeReady({
  port,
  token: warmToken,
  requests: warmUpRequests,
  log: (results) => log("info", "warm-up", { requests: results.map((r) => `${r.method} ${r.path} ${r.status ?? r.error} ${r.ms} ms`).join("; ") }),
}).catch(() => undefined);
const STARTUP_TIMEOUT_MS = Number(process.env.STARTUP_TIMEOUT_MS) > 0 ? Number(process.env.STARTUP_TIMEOUT_MS) : 120_000;
const app = next({ dev: false, dir: root, hostname: "localhost", port });
const handle = app.getRequestHandler();
const startupTimer = setTimeout(() => {
  log("error", "startup-timeout", { ms: STARTUP_TIMEOUT_MS, waiting: isReady().waiting });
  process.exit(1);
}, STARTUP_TIMEOUT_MS);
const startFailed = (/** @type {unknown} */ error) => {
  log("error", "startup-failed", { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
};
const startup = whenReady().then(() => clearTimeout(startupTimer), startFailed);
let startedUp = false;
void startup.then(() => (startedUp = true));
void app
  .prepare()
  .then(async () => {
    // Next's per-page chunk bootstrap scripts, from this build: allowed under the CSP by hash
    // (runtime/http/document-pass.mjs). The blocks' own scripts are registered by instrumentation.ts.
    allowInlineScripts(nextBootstrapScripts(path.join(root, ".next")));
    // Every route's code loaded before ready, not behind the first requests (runtime/http/preload-routes.mjs).
    await preloadRoutes(app);
    noteMemory("route code loaded");
    setReady(READY_APP);
  })
  .catch(startFailed);

// Brotli where the browser takes it (every current browser does), gzip otherwise. Quality 4 with
// a 256 KiB window (LGWIN 18, larger than any page): a vehicle page is 21.8 KiB against gzip's
// 24.6 KiB. The default 4 MiB window is allocated per response: with it, the cached vehicle page
// served 82 requests/s under load against 182 with this one and 156 with gzip
// (npm run bench:vdp -- --encoding=br, docs/performance.md).
const compress = compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } });

// Built scripts and stylesheets at Brotli's highest quality, compressed once per build in the
// background (runtime/http/static-brotli.mjs): 14-16 % fewer bytes than quality 4 on every page.
// PRECOMPRESS_STATIC=0 leaves the compressing to each file's first request (no pass after start).
const staticBrotli = new StaticBrotli({ buildDir: path.join(root, ".next"), log: (msg) => log("warn", "static-brotli", { msg }) });
const STATIC_ASSET_HEADERS = { "x-content-type-options": "nosniff" };

// Cached pages in their final form (runtime/page-cache/served-pages.mjs): a hit is answered here,
// before Next, compression and the document pass; the app tells the store when a dealer's pages
// are expired (POST /api/revalidate, runtime/page-cache/revalidate.ts).
// With REDIS_URL the pages are shared by every process (runtime/page-cache/redis-pages.mjs).
const pageStore = new PageStore({
  maxBytes: Number(process.env.PAGE_STORE_MAX_BYTES) > 0 ? Number(process.env.PAGE_STORE_MAX_BYTES) : DEFAULT_MAX_BYTES,
  shared: await sharedPagesFromEnv({ env: process.env, root, log: (msg) => log("warn", "page-cache", { msg }) }).catch((error) => {
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }),
});
setPageForget((slug, everywhere) => void pageStore.forget(slug, everywhere));

// Who may set X-Forwarded-* (runtime/http/forwarded.mjs; docs/deployment.md), and the ports
// besides 80/443 a Host header may name: this server's own and PUBLIC_PORTS (comma-separated).
const trust = trustFromEnv(process.env.TRUST_PROXY);
const ports = [
  port,
  ...(process.env.PUBLIC_PORTS ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0),
];
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(process.env.SHUTDOWN_TIMEOUT_MS) : 25_000;
let draining = false;

/** A short plain-text answer from the server itself (health checks, refused requests). */
/**
 * An answer of the server's own, never cached: plain text unless `headers` name another type.
 * `https` adds what only a secure answer carries (HSTS), as for every answer Next gives.
 */
function plain(res, status, text, { headers = {}, https = false } = {}) {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "content-security-policy": NON_DOCUMENT_CSP,
    ...baseSecurityHeaders(https, false),
    ...headers,
  });
  res.end(text);
}

const server = http.createServer((req, res) => {
  const started = performance.now();
  // Load balancers ask these on any host: alive (the process answers) and ready (serving, not draining).
  const bare = (req.url ?? "").split("?")[0];
  if (bare === "/healthz") return plain(res, 200, "ok\n");
  if (bare === "/readyz") {
    if (draining) return plain(res, 503, "draining\n", { headers: { "retry-after": "5" } });
    // Not ready until the published manifests and the stock are loaded and the change bus listens (runtime/fleet/readiness.mjs).
    const ready = isReady();
    return ready.ok ? plain(res, 200, "ready\n") : plain(res, 503, `starting: ${ready.waiting.join(", ")}\n`, { headers: { "retry-after": "2" } });
  }

  const refused = sanitiseRequest(req, { trust, ports, newId: randomUUID });
  const warmUp = ownWarmUp(req, warmToken);
  const id = String(req.headers["x-request-id"]);
  res.setHeader("x-request-id", id);
  if (draining) res.setHeader("connection", "close");
  res.on("finish", () => {
    log(res.statusCode >= 500 ? "error" : "info", "request", {
      id,
      method: req.method,
      host: req.headers.host,
      // The path only: a query string can carry what a shopper typed (search text, an email in a utm link).
      path: (req.url ?? "").split("?")[0],
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
    });
  });
  if (refused) return plain(res, refused.status, refused.message + "\n");

  if (!startedUp && !warmUp) {
    void startup.then(() => serve(req, res, id));
    return;
  }
  serve(req, res, id);
});

// Clients the API boundary has just refused for a rate limit, answered here until their Retry-After passes.
const limitRefusals = refusedClients();

function serve(req, res, id) {
  const refusedFor = limitRefusals.refusal(req);
  if (refusedFor !== null) {
    const answer = () =>
      plain(res, 429, apiErrorBody(429, TOO_MANY_REQUESTS), {
        headers: { "content-type": JSON_CONTENT_TYPE, "retry-after": String(refusedFor) },
        https: req.headers["x-forwarded-proto"] === "https",
      });
    return answerAfterPause(res, answer, { now: draining });
  }
  const pageKey = isPlainDocumentRequest(req)
    ? pageKeyOf({ method: req.method ?? "GET", url: req.url ?? "/", host: req.headers.host ?? null, headers: req.headers })
    : null;
  const stored = pageKey && pageStore.lookup(pageKey);
  if (stored) return answerFromStore(req, res, stored);
  if (staticBrotli.answer(req, res, STATIC_ASSET_HEADERS)) return;
  if (pageKey && pageStore.shared) {
    // Not in this process's memory: the shared store (Redis) is asked; any failure there renders.
    void pageStore.find(pageKey).then(
      (found) => (found.page ? answerFromStore(req, res, found.page) : render(req, res, id, pageKey, found.ticket)),
      () => render(req, res, id, pageKey, pageStore.generation(pageKey.slug)),
    );
    return;
  }
  render(req, res, id, pageKey, pageKey ? pageStore.generation(pageKey.slug) : 0);
}

/**
 * Hands a request to Next (through compression and the document pass).
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {string} id
 * @param {import("../runtime/page-cache/served-pages.mjs").PageKey | null} pageKey
 * @param {number | import("../runtime/page-cache/served-pages.mjs").Ticket} generation
 */
function render(req, res, id, pageKey, generation) {
  const bare = (req.url ?? "").split("?")[0];
  // A cached page's first GET leaves through the document pass; the store keeps it as it leaves.
  const onDocument = pageKey && req.method === "GET" ? (/** @type {any} */ doc) => void pageStore.remember(pageKey, doc, generation) : undefined;
  compress(req, res, () => {
    const onLimitRefusal = (/** @type {unknown} */ retryAfter) => limitRefusals.remember(req, retryAfter);
    secureResponse(res, { https: req.headers["x-forwarded-proto"] === "https", path: bare, onDocument, onLimitRefusal });
    if (serveAddedAsset(req, res)) return;
    requestContext
      .run({ id }, () => handle(req, res))
      .catch((error) => {
        log("error", "request-failed", { id, error: error instanceof Error ? error.message : String(error) });
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
}
/** Memory in MB, rounded. @param {number} bytes */
const mb = (bytes) => Math.round(bytes / 1048576);
/** What each start step added to the process's memory (docs/performance.md, "A thousand dealers"). */
function startMemory() {
  const notes = memoryNotes();
  return notes.map((n, i) => ({
    step: n.step,
    rss: mb(n.rss),
    addedRss: mb(n.rss - (notes[i - 1]?.rss ?? 0)),
    heapUsed: mb(n.heapUsed),
    external: mb(n.external),
    arrayBuffers: mb(n.arrayBuffers),
  }));
}
/** The memory now, with the server's page store. */
const memoryNow = () => {
  const m = process.memoryUsage();
  return {
    rss: mb(m.rss),
    heapUsed: mb(m.heapUsed),
    heapTotal: mb(m.heapTotal),
    external: mb(m.external),
    arrayBuffers: mb(m.arrayBuffers),
    pageStore: mb(pageStore.bytes),
    staticBrotli: mb(staticBrotli.bytes),
  };
};
// "ready" once it listens and has started up (the requests that came meanwhile are being answered),
// with what each step of the start cost in memory.
server.listen(
  port,
  () =>
    void startup.then(() => {
      // For the command-line tools that print this server's addresses (runtime/http/server-address.mjs).
      recordServerAddress(root, port);
      log("info", "ready", { port, pid: process.pid });
      if (process.env.PRECOMPRESS_STATIC !== "0") void staticBrotli.warmAll();
      log("info", "start-memory", { steps: startMemory(), now: memoryNow() });
    }),
);

// Graceful shutdown: /readyz answers 503 so the balancer stops sending, no new connections are
// taken, requests in flight finish, then the lead outbox finishes its current batch and the
// database closes (runtime/lifecycle/shutdown.mjs). SHUTDOWN_TIMEOUT_MS (default 25 s) caps the wait.
async function shutdown(signal) {
  if (draining) return;
  draining = true;
  log("info", "shutdown", { signal, memory: memoryNow() });
  const timer = setTimeout(() => {
    log("warn", "shutdown-timeout", { ms: SHUTDOWN_TIMEOUT_MS });
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timer.unref();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections?.();
  });
  await runShutdownHooks((name, error) => log("error", "shutdown-hook-failed", { hook: name, error: error instanceof Error ? error.message : String(error) }));
  await app.close().catch(() => undefined);
  log("info", "stopped", {});
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void shutdown(signal));
