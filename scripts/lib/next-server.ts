import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { serverEnvironment } from "./server-env.mjs";

/**
 * Starts the production server (scripts/server.mjs: the `next build` output behind compression
 * and the after-paint script rewrite) as a process of its own process group (not through npx,
 * whose child would outlive a kill of npx), so `stopNextServer` ends it and anything it started.
 */
export function startNextServer(
  port: number,
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    stdio?: StdioOptions;
    /** Node's own flags (--cpu-prof, which NODE_OPTIONS refuses). */ nodeArgs?: string[];
  } = {},
): ChildProcess {
  const root = path.resolve(import.meta.dirname, "..", "..");
  const env = serverEnvironment(options.env ?? process.env);
  return spawn(process.execPath, [...(options.nodeArgs ?? []), path.join(root, "scripts", "server.mjs"), "-p", String(port)], {
    cwd: options.cwd ?? root,
    // Without a shared PostgreSQL server the process runs alone on its embedded database, and says so.
    env: env.DATABASE_URL || env.SINGLE_PROCESS ? env : { ...env, SINGLE_PROCESS: "1" },
    stdio: options.stdio ?? "ignore",
    detached: true,
  });
}

export function stopNextServer(server: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM"): void {
  if (!server?.pid || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    server.kill(signal);
  }
}

const hasExited = (server: ChildProcess) => server.exitCode !== null || server.signalCode !== null;

/** Resolves once the server process has exited (at once if it already has). */
function serverExited(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => (hasExited(server) ? resolve() : server.once("exit", () => resolve())));
}

/**
 * Stops the server (its whole process group, with `signal`) and resolves once it has exited;
 * if it is still running after `timeoutMs`, the group gets SIGKILL and the wait goes on.
 */
export async function stopAndWait(server: ChildProcess | undefined, signal: NodeJS.Signals = "SIGTERM", timeoutMs = 10_000): Promise<void> {
  if (!server || hasExited(server)) return;
  const exited = serverExited(server);
  stopNextServer(server, signal);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))]);
  clearTimeout(timer);
  if (timedOut) {
    stopNextServer(server, "SIGKILL");
    await exited;
  }
}

export interface WaitForServerOptions {
  /** The server's process: waiting stops with an error as soon as it has exited. */
  server?: ChildProcess;
  /** The Host header of the polls ("localhost" by default). */
  host?: string;
  /** The path polled ("/" by default). */
  path?: string;
  /** How long to wait before giving up with an error (30 s by default). */
  timeoutMs?: number;
}

function poll(port: number, host: string, urlPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: urlPath, method: "GET", headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve());
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

/**
 * Waits until the server on `port` (loopback) answers a GET of `path` with the given Host header:
 * any answer, whatever its status, means it is up. Throws when the server's process exits first
 * or when `timeoutMs` passes without an answer.
 */
export async function waitForServer(port: number, options: WaitForServerOptions = {}): Promise<void> {
  const { server, host = "localhost", path: urlPath = "/", timeoutMs = 30_000 } = options;
  const started = Date.now();
  for (;;) {
    if (server && hasExited(server)) throw new Error(`the server exited (code ${server.exitCode ?? server.signalCode}) before answering`);
    try {
      await poll(port, host, urlPath);
      return;
    } catch (e) {
      if (Date.now() - started >= timeoutMs)
        throw new Error(`the server on port ${port} did not answer GET ${urlPath} within ${Math.round(timeoutMs / 1000)} s (${(e as Error).message})`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A TCP port free on loopback right now (for a server a benchmark starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
