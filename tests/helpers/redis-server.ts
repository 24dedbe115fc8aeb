import { spawn, type ChildProcess } from "node:child_process";

/**
 * Debian's redis-server for the shared page cache's tests (npm test installs it through
 * scripts/lib/setup.mjs ensureRedis). A suite skips itself where it is missing.
 */
export const REDIS_SERVER = "/usr/bin/redis-server";

/** redis-server on a loopback port, without persistence; resolves once it accepts connections. */
export function startRedis(port: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ready to accept connections")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
}

/** Ends a child process (a server or redis-server) and waits until it has gone. */
export function stopProcess(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
