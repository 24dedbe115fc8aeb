import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import path from "node:path";

/**
 * Starts the production server (scripts/server.mjs: the `next build` output behind compression
 * and the after-paint script rewrite) as a process of its own process group (not through npx,
 * whose child would outlive a kill of npx), so `stopNextServer` ends it and anything it started.
 */
export function startNextServer(port: number, options: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {}): ChildProcess {
  const root = path.resolve(import.meta.dirname, "..", "..");
  return spawn(process.execPath, [path.join(root, "scripts", "server.mjs"), "-p", String(port)], {
    cwd: options.cwd ?? root,
    env: options.env ?? process.env,
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
