/**
 * A server process joins the fleet (instrumentation.ts, before it answers): it listens on the
 * change bus, publishes its release's manifest files, loads the live published versions and
 * serves them from then on (runtime/manifest/store.ts `servePublished`), and mirrors the studio's
 * working copies for the preview host (working-copies.ts). `/readyz` says not ready
 * until that is done and while the bus is not listening (runtime/fleet/readiness.mjs).
 */
import { getDb } from "@/runtime/db";
import { onShutdown } from "@/runtime/lifecycle/shutdown.mjs";
import { loadManifestStore, manifestCollection, servePublished, type FileLoad, type LoadedFile } from "@/runtime/manifest/store";
import { FleetBus, setFleetBus } from "./bus";
import { manifestChecksFor } from "./manifest-checks";
import { PublishedManifests, releaseId } from "./manifests";
import { READY_BUS, READY_MANIFESTS, setReady, waitFor } from "./readiness.mjs";
import { followWorkingCopies } from "./working-copies";

/**
 * Where the first load of the manifest files runs (instrumentation.ts passes the studio's
 * diagnosis worker: runtime/studio/diagnose-off-loop.ts), and what to do once it is done (stop
 * that worker); without it, in this thread.
 */
export interface FileLoader {
  loadFiles: (jobs: FileLoad[]) => Promise<LoadedFile[]>;
  done: () => void;
}

export async function joinFleet(loader?: FileLoader): Promise<{ bus: FleetBus; manifests: PublishedManifests }> {
  waitFor(READY_MANIFESTS);
  waitFor(READY_BUS);
  const db = await getDb();
  const bus = setFleetBus(new FleetBus(undefined, (listening) => setReady(READY_BUS, listening)));
  await bus.start(db);
  // Before the database closes at shutdown (its order is 100).
  onShutdown("fleet bus", 90, () => bus.close());
  // Read without holding the event loop: the server's health checks answer meanwhile.
  const release = releaseId();
  // Files whose exact text passed the checks in this release before are not put through the rules
  // again. The files are loaded by the loader (the server's: a worker thread, stopped once they
  // are): the validation's garbage was the largest part of the process's memory
  // (docs/performance.md, "A thousand dealers").
  const files = await loadManifestStore(undefined, { checks: manifestChecksFor(db, release), ...(loader ? { loadFiles: loader.loadFiles } : {}) });
  loader?.done();
  const manifests = new PublishedManifests({ db, files, collection: manifestCollection(files.options.dir), release });
  await manifests.start(bus);
  // The studio's working copies, which the preview host serves, shared like the versions.
  await followWorkingCopies(db, bus, manifestCollection(files.options.dir));
  servePublished(manifests);
  setReady(READY_MANIFESTS);
  return { bus, manifests };
}
