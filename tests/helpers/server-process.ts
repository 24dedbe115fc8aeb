import { spawn, type ChildProcess } from "node:child_process";
import { E2E_PORT } from "../../playwright.config";

/** The spare port of an engineer's range for a server process of a spec's own (E2E_PORT + 2 unless E2E_SECOND_PORT says). */
export const SECOND_PORT = Number(process.env.E2E_SECOND_PORT ?? E2E_PORT + 2);

/**
 * Starts the production server (scripts/server.mjs) on `port` and resolves once it logs that it is ready.
 * An `env` value of undefined removes that variable from what the server inherits.
 */
export function startServer(port: number, env: Record<string, string | undefined>): Promise<{ child: ChildProcess; output: () => string }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, SITE_DIRECTORY: "on", LEADS_OUTBOX: "off", ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete merged[k];
  // Without a shared PostgreSQL server the process runs alone on its embedded database, and says so.
  if (!merged.DATABASE_URL && !("SINGLE_PROCESS" in env)) merged.SINGLE_PROCESS = "1";
  const child = spawn(process.execPath, ["scripts/server.mjs", "-p", String(port)], {
    cwd: process.cwd(),
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c) => (out += c));
  child.stderr!.on("data", (c) => (out += c));
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (out.includes('"event":"ready"')) {
        child.stdout!.off("data", onData);
        resolve({ child, output: () => out });
      }
    };
    child.stdout!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server on ${port} exited (${code}):\n${out}`)));
  });
}

/** Resolves with the process's exit code once it has exited. */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));
