/**
 * A lock file next to the PGlite data directory (`<dir>.lock`, holding the owner's pid).
 *
 * PGlite is Postgres compiled to WASM running inside one process: it does not lock its data
 * directory, and two processes writing the same directory would corrupt it. So whoever opens
 * the directory (the Next server or `npm run leads`) takes this lock first and the second one
 * refuses with DbLockedError. A lock left by a killed process (SIGKILL) is stale: its pid is no
 * longer alive, and the next process takes it over.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DbLockedError } from "./types";

const held = new Set<string>();

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readPid(file: string): number {
  try {
    return Number.parseInt(readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim(), 10);
  } catch {
    return NaN;
  }
}

export function lockPathFor(dir: string): string {
  return path.resolve(dir) + ".lock";
}

/** Takes the lock for dir or throws DbLockedError; returns the release function. */
export function acquireDirLock(dir: string): () => void {
  const lock = lockPathFor(dir);
  if (held.has(lock)) throw new DbLockedError(path.resolve(dir), process.pid);
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(lock), { recursive: true });
  const tmp = `${lock}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(/*turbopackIgnore: true*/ tmp, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(tmp, lock); // atomic: fails when the lock exists
        held.add(lock);
        const release = () => {
          process.off("exit", release);
          if (!held.delete(lock)) return;
          if (readPid(lock) === process.pid) {
            try {
              unlinkSync(lock);
            } catch {
              /* already gone */
            }
          }
        };
        process.once("exit", release);
        return release;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      }
      const owner = readPid(lock);
      if (pidAlive(owner) && owner !== process.pid) throw new DbLockedError(path.resolve(dir), owner);
      // Stale (owner dead, or a lock of this very pid left by an earlier run): move it aside atomically.
      const aside = `${lock}.stale.${process.pid}`;
      try {
        renameSync(lock, aside);
      } catch {
        continue; // someone else moved it first
      }
      const moved = readPid(aside);
      if (moved !== owner && pidAlive(moved) && moved !== process.pid) {
        // We raced another process that had just taken the lock: give it back.
        try {
          linkSync(aside, lock);
        } catch {
          /* it will notice */
        }
        try {
          unlinkSync(aside);
        } catch {
          /* ignore */
        }
        throw new DbLockedError(path.resolve(dir), moved);
      }
      try {
        unlinkSync(aside);
      } catch {
        /* ignore */
      }
    }
    throw new Error(`could not take the database lock ${lock}`);
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      /* ignore */
    }
  }
}
