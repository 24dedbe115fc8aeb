// Runs once when the production server starts, before it answers:
// - the platform's own inline scripts (for the CSP), the hosts it serves, how to find a
//   request's cached page and which requests warm it up before it says ready are registered with
//   the server (runtime/http/server-bridge.mjs);
// - a warning when the server was not started through scripts/server.mjs (runtime/http/entry-point.mjs);
// - the process joins the fleet (runtime/fleet/start.ts): it listens on the change bus, publishes
//   its release's manifest files and serves the live published versions from the database, the
//   same as every other process (proxy.ts and the pages share them); expiries announced by other
//   processes are relayed to this one's page cache; on PostgreSQL its stock folder is brought up to
//   the stock published for the fleet, and a sale announced on the bus shows in its search at once
//   (runtime/fleet/stock.ts);
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
  // Which cached page a request is (the proxy's own rewrite), so the server answers hits itself.
  bridge.setPageKey((await import("./runtime/proxy/served-key")).servedPageKey);
  // What the server asks itself before it says ready, so no shopper's request loads code on first use.
  const [{ warmUpRequests }, { getSiteStore }] = await Promise.all([import("./runtime/http/warm-up-requests"), import("./runtime/manifest/store")]);
  bridge.setWarmUpRequests(() => warmUpRequests(getSiteStore()));
  // `next start` without DATABASE_URL beside other processes: refused like scripts/server.mjs refuses it.
  const refusal = (await import("./runtime/fleet/single-process.mjs")).startRefusal(process.env);
  if (refusal) throw new Error(refusal);
  const readiness = await import("./runtime/fleet/readiness.mjs");
  try {
    // The manifest files' first load in the studio's diagnosis worker, stopped once they are loaded (its heap goes with it).
    const { loadFilesOffLoop, releaseDiagnoseWorker } = await import("./runtime/studio/diagnose-off-loop");
    const { bus } = await (await import("./runtime/fleet/start")).joinFleet({ loadFiles: (jobs) => loadFilesOffLoop(jobs), done: releaseDiagnoseWorker });
    (await import("./runtime/page-cache/fleet-relay")).relayRevalidations(bus);
    readiness.waitFor(readiness.READY_STOCK);
    // The stock: on PostgreSQL, the snapshots shared by the fleet (runtime/fleet/stock.ts) brought
    // into this process's folder before its first index; on the embedded database the process is
    // alone, and an announcement only makes it look at its folder now. Holds announced by another
    // process are read at once rather than at the next 2 s check.
    const [db, stockIndex, { stockDirectory }, { refreshOverlay }] = await Promise.all([
      (await import("./runtime/db")).getDb(),
      import("./runtime/inventory/stock-index"),
      import("./runtime/inventory/stock-version"),
      import("./runtime/reservations/overlay"),
    ]);
    bus.on("reservations", () => refreshOverlay(db));
    // The lead forms' state cookie is signed with a key every process shares (FORM_STATE_SECRET, else one made once in the database).
    const formPost = await import("./runtime/leads/form-post");
    if (!process.env.FORM_STATE_SECRET?.trim())
      formPost.installFormStateKey(await (await import("./runtime/db/secrets")).platformSecret(db, formPost.FORM_STATE_KEY_NAME));
    if (db.kind === "postgres") {
      // A new snapshot is indexed by the first process to see it and loaded by the others.
      const { sharedSearchIndex } = await import("./runtime/fleet/search-index");
      stockIndex.shareStockIndex(sharedSearchIndex(db, `${(await import("node:os")).hostname()}:${process.pid}`, bus));
      const shared = await (
        await import("./runtime/fleet/stock")
      ).joinStockFleet({ db, bus, dir: stockDirectory(), reindex: stockIndex.refreshStockIndex, watchBuilds: stockIndex.watchStockBuilds });
      (await import("./runtime/lifecycle/shutdown.mjs")).onShutdown("fleet stock", 85, async () => shared.stop());
    } else bus.on("stock", () => stockIndex.refreshStockIndex());
    await stockIndex.startStockIndexing();
    readiness.setReady(readiness.READY_STOCK);
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
    const [{ getDb }, { startServerFeedScheduler }, { getSiteStore }, { stockDirectory }, { factOf }] = await Promise.all([
      import("./runtime/db"),
      import("./runtime/feeds/server"),
      import("./runtime/manifest/store"),
      import("./runtime/inventory/stock-version"),
      import("./runtime/manifest/held"),
    ]);
    const scheduler = startServerFeedScheduler({
      db: await getDb(),
      root: process.cwd(),
      stockDir: stockDirectory(),
      // Only the dealers with a stock feed: asking every dealer's manifest each minute would rebuild those not held whole.
      manifests: () => getSiteStore().sites.flatMap((s) => (s.status === "ok" && factOf(s, "stockFeed", (m) => Boolean(m.stockFeed)) ? [s.manifest] : [])),
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
