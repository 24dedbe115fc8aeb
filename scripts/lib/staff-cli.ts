import { DbLockedError, openDb, type Db } from "../../runtime/db/index";

/**
 * The frame of a staff command over the database (`npm run leads`, `npm run reservations`): the
 * usage with --help (exit 0, or 64 when no command is given) or without a command (exit 64); 64 for
 * an unknown command; 2 when the embedded PGlite is held by the running server; 1, with the error's
 * message after the tool's name, on a failure (a bad option included: `parse` runs inside).
 * Otherwise `run`'s own exit code; the database is closed either way.
 */
export function runStaffCommand(cli: {
  /** The tool's name, before an error's message. */
  name: string;
  usage: string;
  commands: readonly string[];
  /** The tool's own parseArgs: its command, --help, and what runs the command. */
  parse: () => { command: string | undefined; help: boolean | undefined; run: (db: Db, command: string) => Promise<number> };
}): void {
  main(cli).then(
    (code) => process.exit(code),
    (e) => {
      console.error(`${cli.name}: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}

async function main({ usage, commands, parse }: Parameters<typeof runStaffCommand>[0]): Promise<number> {
  const { command, help, run } = parse();
  if (help || !command) {
    console.log(usage);
    return command ? 0 : 64;
  }
  if (!commands.includes(command)) {
    console.error(`unknown command '${command}'\n${usage}`);
    return 64;
  }
  let db: Db;
  try {
    db = await openDb();
  } catch (e) {
    if (e instanceof DbLockedError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  }
  try {
    return await run(db, command);
  } finally {
    await db.close();
  }
}

/** Rows as columns padded to their widest cell (the last column left as it is). */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join("  "));
}
