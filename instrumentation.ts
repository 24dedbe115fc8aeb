// Runs once when the production server starts, before it answers:
// - the platform's own inline scripts (for the CSP) and the hosts it serves are registered with
//   the server (runtime/http/server-bridge.mjs);
// - a warning when the server was not started through scripts/server.mjs (runtime/http/entry-point.mjs);
// - the process joins the fleet (runtime/fleet/start.ts): it listens on the change bus, publishes
//   its release's manifest files and serves the live published versions from the database, the
//   same as every other process (proxy.ts and the pages share them); expiries announced by other
//   processes are relayed to this one's page cache, and a stock change announced on the bus is
//   looked at at once;
// - the stock index is built (and then kept current in the background: runtime/inventory/stock-index.ts);
// - pdfkit and the picture renderer are loaded (the first PDF download does not hold the event loop for them);
// - the lead outbox worker resumes any deliveries left pending (for example after a crash), so a
//   lead is delayed by a restart, never lost;
// - once ready, the stock feed scheduler (runtime/feeds/scheduler.ts) imports each dealer's feed on its schedule.
// - on a machine run as `npm start` runs it, without a STUDIO_SECRET, a one-time studio sign-in
//   link is made and printed (runtime/studio/sign-in-link.ts).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Served by `next start` instead of scripts/server.mjs: no CSP or hardening (runtime/http/entry-point.mjs).
  const entryWarning = (await import("./runtime/http/entry-point.mjs")).entryPointWarning(process.env);
  if (entryWarning) console.error(entryWarning);
  // The platform's own inline scripts, allowed by hash under the CSP (runtime/http/server-bridge.mjs).
  const bridge = await import("./runtime/http/server-bridge.mjs");
  bridge.allowInlineScripts((await import("./blocks/inline-scripts")).PLATFORM_INLINE_SCRIPTS);
  // The hosts the server's own asset handler may answer on: a dealer's site and the directory.
  const { resolveTenant } = await import("./runtime/tenant");
  bridge.setHostCheck((host) => ["site", "directory"].includes(resolveTenant(host).kind));
  // `next start` without DATABASE_URL beside other processes: refused like scripts/server.mjs refuses it.
  const refusal = (await import("./runtime/fleet/single-process.mjs")).startRefusal(process.env);
  if (refusal) throw new Error(refusal);
  const readiness = await import("./runtime/fleet/readiness.mjs");
  try {
    const { bus } = await (await import("./runtime/fleet/start")).joinFleet();
    (await import("./runtime/page-cache/fleet-relay")).relayRevalidations(bus);
    readiness.waitFor(readiness.READY_STOCK);
    const stock = await import("./runtime/inventory/stock-index");
    await stock.startStockIndexing();
    readiness.setReady(readiness.READY_STOCK);
    bus.on("stock", () => stock.refreshStockIndex());
  } catch (error) {
    // scripts/server.mjs waits for readiness: it exits with this reason instead of serving half started.
    readiness.startFailed(error as Error);
    throw error;
  }
  (await import("./runtime/leads/outbox")).startOutboxWorker();
  // Online reservations laid over the stock (RESERVED on cards, the vehicle page and the facet), and
  // payments a previous process left half done (killed between the gateway and the database) finished.
  await (await import("./runtime/payments/server")).startPayments();
  // Each dealer's stock feed imported on its schedule, one run at a time across every process
  // (FEED_SCHEDULER=off leaves it to another deployment or to the command line).
  if (process.env.FEED_SCHEDULER !== "off") {
    const [{ getDb }, { startServerFeedScheduler }, { getSiteStore }, { stockDirectory }] = await Promise.all([
      import("./runtime/db"),
      import("./runtime/feeds/server"),
      import("./runtime/manifest/store"),
      import("./runtime/inventory/stock-version"),
    ]);
    const scheduler = startServerFeedScheduler({
      db: await getDb(),
      root: process.cwd(),
      stockDir: stockDirectory(),
      manifests: () => getSiteStore().sites.flatMap((s) => (s.status === "ok" ? [s.manifest] : [])),
    });
    (await import("./runtime/lifecycle/shutdown.mjs")).onShutdown("feed scheduler", 80, async () => {
      scheduler.stop();
      await scheduler.idle();
    });
  }
  const link = await import("./runtime/studio/sign-in-link");
  const line = await link.offerSignInLink(await (await import("./runtime/db")).getDb(), readiness.listeningPort());
  if (line) console.log(line);
  // The first PDF download loaded pdfkit, its fonts and the picture renderer while holding the
  // event loop (890 ms): done once here instead, as the server starts.
  const { warmCarPdf } = await import("./blocks/vehicle-sidebar/domain/pdf");
  await warmCarPdf().catch((e: unknown) =>
    console.warn(`[pdf] warm-up failed; the first download loads pdfkit itself: ${e instanceof Error ? e.message : String(e)}`),
  );
}
