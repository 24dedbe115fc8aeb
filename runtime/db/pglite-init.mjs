/**
 * Makes a new PGlite data directory, run as a child process by openPglite (pglite.ts) and then
 * exited. Why not in the server itself: making a data directory runs PostgreSQL's initdb, a second
 * WebAssembly program, and the memory it and its copy of the first heap take (about 450 MB) is never
 * all given back to the operating system, so a server that started on a fresh machine stayed about
 * 200 MB larger than the same server restarted (docs/performance.md). A process that exits gives
 * all of it back.
 *
 * Usage: node runtime/db/pglite-init.mjs <data dir> <postgresql.conf lines as a JSON array>
 */
import { PGlite } from "@electric-sql/pglite";

const [dir, conf] = process.argv.slice(2);
try {
  const pg = await PGlite.create(dir, { postgresqlconf: JSON.parse(conf ?? "[]") });
  await pg.close();
} catch (e) {
  // One line the server shows as the reason (pglite.ts), not a stack.
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
}
