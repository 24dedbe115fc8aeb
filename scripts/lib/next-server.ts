import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * Starts `next start` as a process of its own process group (not through npx, whose child
 * would outlive a kill of npx), so `stopNextServer` ends the server and anything it started.
 */
export function startNextServer(port: number, options: { cwd?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions } = {}): ChildProcess {
  const nextBin = require.resolve("next/dist/bin/next");
  return spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    cwd: options.cwd ?? path.resolve(import.meta.dirname, "..", ".."),
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
