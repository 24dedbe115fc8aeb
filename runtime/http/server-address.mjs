// Where the server on this machine listens, for the command-line tools that print addresses to
// open (npm run new-dealer): scripts/server.mjs records its port and process id in
// .data/server.json once it listens; a tool reads it back and believes it only while that
// process is still alive. Several servers from one folder (tests): the last one started wins.
//
// Plain JavaScript (not TypeScript) because scripts/server.mjs loads it with node directly.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

/** @param {string} root the project folder */
export const serverAddressFile = (root) => path.join(root, ".data", "server.json");

/**
 * Records this process as the server listening on `port` (best effort: false when it cannot be written).
 * @param {string} root @param {number} port @param {number} [pid]
 */
export function recordServerAddress(root, port, pid = process.pid) {
  const file = serverAddressFile(root);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ port, pid }) + "\n");
    renameSync(tmp, file);
    return true;
  } catch {
    // A read-only folder: the tools then say no server is running; serving goes on.
    return false;
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * The port of the server running from `root`, or null when none has recorded itself or the one
 * that did has stopped.
 * @param {string} root @param {(pid: number) => boolean} [isAlive]
 * @returns {{ port: number; pid: number } | null}
 */
export function runningServer(root, isAlive = alive) {
  try {
    const raw = JSON.parse(readFileSync(serverAddressFile(root), "utf8"));
    if (!Number.isInteger(raw?.port) || !Number.isInteger(raw?.pid)) return null;
    return isAlive(raw.pid) ? { port: raw.port, pid: raw.pid } : null;
  } catch {
    return null;
  }
}
