/**
 * The database the server uses, opened by a command-line tool: the PostgreSQL server in
 * DATABASE_URL when it is set, else the embedded PGlite data directory the server keeps
 * (PGLITE_DIR, default .data/pglite: runtime/db `defaultPgliteDir`). PGlite allows one process at
 * a time, so while a server started without DATABASE_URL runs, its directory is locked: that is
 * said in words (`locked`), never thrown. No directory yet means nothing was ever made in the
 * studio on this machine: nothing to read, and no database is made just to look.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { DbLockedError, defaultPgliteDir, openDb, type Db } from "../../runtime/db/index";

export type ServerDatabase = { db: Db; where: string } | { db: null; state: "locked" | "absent" | "unreachable"; where: string; message: string; pid?: number };

export async function openServerDatabase(env: Record<string, string | undefined> = process.env): Promise<ServerDatabase> {
  if (env.DATABASE_URL) {
    const where = "the PostgreSQL server in DATABASE_URL";
    try {
      return { db: await openDb({ url: env.DATABASE_URL }), where };
    } catch (e) {
      return { db: null, state: "unreachable", where, message: `Could not open ${where}: ${(e as Error).message}` };
    }
  }
  const dir = env.PGLITE_DIR ? path.resolve(env.PGLITE_DIR) : defaultPgliteDir();
  const where = `the embedded database in ${dir}`;
  if (!existsSync(dir))
    return { db: null, state: "absent", where, message: `No embedded database yet (${dir}): nothing has been made in the studio on this machine.` };
  try {
    return { db: await openDb({ pgliteDir: dir }), where };
  } catch (e) {
    if (e instanceof DbLockedError)
      return {
        db: null,
        state: "locked",
        where,
        pid: e.pid,
        message:
          `The studio's database (${dir}) is in use by the running server (process ${e.pid}), and the embedded database opens in one process at a time, ` +
          "so the drafts made in the studio and the published versions cannot be read from here.",
      };
    return { db: null, state: "unreachable", where, message: `Could not open ${where}: ${(e as Error).message}` };
  }
}
