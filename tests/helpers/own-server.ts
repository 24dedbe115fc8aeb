import { expect, test, type Page } from "@playwright/test";
import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startNextServer, stopAndWait, waitForServer } from "../../scripts/lib/next-server";

/**
 * A spec's own production server, for the specs that change what others read (a studio that
 * publishes, a feed that imports): over a temporary copy of manifests/ and a fresh embedded
 * database (even where DATABASE_URL names a shared server), so nothing it does reaches the shared server or another spec's, and nothing left by an
 * earlier run (a sign-in limit's count) reaches it. Started before the spec's tests (generous time:
 * a busy machine starts a production server slowly), stopped and removed after them. Its port
 * comes from the spec's own variable, so parallel runs can differ.
 */
export interface OwnServer {
  readonly port: number;
  /** The temporary folder (known once the spec's tests start). */
  readonly root: string;
  /** Its copy of manifests/. */
  readonly manifests: string;
  /** The studio's address on the directory host. */
  readonly studio: string;
}

export interface OwnServerOptions {
  /** Environment beyond the common one (a studio secret, a stock folder…). */
  env?: (server: OwnServer) => Record<string, string>;
  /** Runs on the copies before the server starts (a manifest as on the day the test begins). */
  prepare?: (server: OwnServer) => void;
  startTimeoutMs?: number;
}

export function ownServer(name: string, port: number, options: OwnServerOptions = {}): OwnServer {
  let root = "";
  let server: ChildProcess | undefined;
  const handle: OwnServer = {
    port,
    get root() {
      return root;
    },
    get manifests() {
      return path.join(root, "manifests");
    },
    studio: `http://localhost:${port}/studio`,
  };
  const startTimeoutMs = options.startTimeoutMs ?? 180_000;
  test.beforeAll(async () => {
    test.setTimeout(startTimeoutMs + 30_000);
    root = mkdtempSync(path.join(tmpdir(), `${name}-`));
    cpSync(path.join(process.cwd(), "manifests"), handle.manifests, { recursive: true });
    options.prepare?.(handle);
    // Never the shared PostgreSQL server CI provides: what this server imports or publishes (a
    // feed's stock snapshot, a studio version) would reach the shared test server through it.
    const { DATABASE_URL: _shared, ...inherited } = process.env;
    void _shared;
    server = startNextServer(port, {
      env: {
        ...inherited,
        SINGLE_PROCESS: "1",
        SITE_DIRECTORY: "on",
        MANIFESTS_DIR: handle.manifests,
        PGLITE_DIR: path.join(root, "pglite"),
        // Every test signs in from one address: room under the per-client limits (unit tests check the limits).
        API_RATE_LIMIT_SCALE: "10",
        ...options.env?.(handle),
      },
    });
    await waitForServer(port, { server, timeoutMs: startTimeoutMs });
  });
  test.afterAll(async () => {
    await stopAndWait(server);
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return handle;
}

/** Signs in to a studio guarded by `secret` through its sign-in form's own post; the session cookie lands in the page's browser context. */
export async function signInWithSecret(page: Page, server: OwnServer, secret: string): Promise<void> {
  const res = await page.request.post(`${server.studio}/sign-in`, { form: { secret }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
}
