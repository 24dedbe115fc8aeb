// Runs once when the production server starts, before it answers:
// - the platform's own inline scripts (for the CSP) and the hosts it serves are registered with
//   the server (runtime/http/server-bridge.mjs);
// - a warning when the server was not started through scripts/server.mjs (runtime/http/entry-point.mjs);
// - the manifest store reads every dealer now (proxy.ts and the pages share it), so the first
//   request does not pay for it, and starts watching the files;
// - the stock index is built (and then kept current in the background: runtime/inventory/stock-index.ts);
// - pdfkit and the picture renderer are loaded (the first PDF download does not hold the event loop for them);
// - the lead outbox worker resumes any deliveries left pending (for example after a crash), so a
//   lead is delayed by a restart, never lost.
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
  (await import("./runtime/manifest/store")).getSiteStore();
  await (await import("./runtime/inventory/stock-index")).startStockIndexing();
  (await import("./runtime/leads/outbox")).startOutboxWorker();
  // Online reservations laid over the stock (RESERVED on cards, the vehicle page and the facet), and
  // payments a previous process left half done (killed between the gateway and the database) finished.
  await (await import("./runtime/payments/server")).startPayments();
  // The first PDF download loaded pdfkit, its fonts and the picture renderer while holding the
  // event loop (890 ms): done once here instead, as the server starts.
  const { warmCarPdf } = await import("./blocks/vehicle-sidebar/domain/pdf");
  await warmCarPdf().catch((e: unknown) =>
    console.warn(`[pdf] warm-up failed; the first download loads pdfkit itself: ${e instanceof Error ? e.message : String(e)}`),
  );
}
