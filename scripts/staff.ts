/**
 * Studio staff accounts: `npm run staff -- <command> [options]`.
 *
 *   add     <email> --role admin|editor [--dealers a,b] [--name "Full Name"]
 *           Adds an account, or changes the one with this email (role, dealers, name; made active again).
 *           An editor edits only the named dealers (or drafts); an admin edits everything and manages staff.
 *   list    [--all]      The active accounts (--all: removed ones too).
 *   remove  <email>      Removes the account (kept inactive for the audit trail) and ends its sessions.
 *   audit   [--limit n]  The latest sign-ins and staff changes, newest first.
 *
 * Staff sign in at /studio on the directory host with a code emailed to them. Every change here is
 * recorded in the audit trail as done by "cli".
 *
 * Database: DATABASE_URL (PostgreSQL) or the embedded PGlite in PGLITE_DIR (default .data/pglite).
 * PGlite serves one process: while the server has it open this command refuses (exit 2); stop the
 * server first, or use the studio's Staff page (/studio/staff) as an admin.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type { Db } from "../runtime/db/index";
import { listDrafts } from "../runtime/manifest/diagnostics";
import { listManifestFiles, manifestsDir } from "../runtime/manifest/store";
import { addStaff, checkStaffInput, hasActiveAdmin, listAudit, listStaff, removeStaff } from "../runtime/studio/staff";
import { printTable, runStaffCommand } from "./lib/staff-cli";

const USAGE = "usage: npm run staff -- add <email> --role admin|editor [--dealers a,b] [--name n] | list [--all] | remove <email> | audit [--limit n]";
const ACTOR = "cli";

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      role: { type: "string" },
      dealers: { type: "string" },
      name: { type: "string" },
      all: { type: "boolean", default: false },
      limit: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  return { command: positionals[0], email: positionals[1], values };
}

type Values = ReturnType<typeof parse>["values"];

/** The names an editor may be given: the dealers' files and the drafts. */
function knownNames(): string[] {
  const dir = manifestsDir();
  return [...listManifestFiles(dir).map((f) => path.basename(f, ".json")), ...listDrafts(dir)];
}

async function run(db: Db, command: string, email: string | undefined, values: Values): Promise<number> {
  if (command === "add") {
    const checked = checkStaffInput({ email: email ?? "", name: values.name ?? "", role: values.role, dealers: values.dealers ?? "" }, knownNames());
    if (!checked.ok) {
      for (const p of checked.problems) console.error(`staff: --${p.field === "email" ? "email (the first argument)" : p.field}: ${p.message}`);
      return 1;
    }
    const { account, created } = await addStaff(db, checked.value, ACTOR);
    const scope = account.role === "admin" ? "platform admin" : `editor of ${account.dealers.join(", ")}`;
    console.log(`${created ? "Added" : "Changed"} ${account.email}: ${scope}. They sign in at /studio with this email address.`);
    return 0;
  }
  if (command === "list") {
    const accounts = await listStaff(db, { includeInactive: values.all });
    if (!accounts.length) {
      console.log("No staff accounts. Add the first admin: npm run staff -- add you@example.com --role admin");
      return 0;
    }
    printTable([
      ["EMAIL", "ROLE", "DEALERS", "ACTIVE", "NAME"],
      ...accounts.map((a) => [a.email, a.role, a.role === "admin" ? "all" : a.dealers.join(","), a.active ? "yes" : "no", a.name]),
    ]);
    return 0;
  }
  if (command === "remove") {
    if (!email) {
      console.error(`staff: name the account's email\n${USAGE}`);
      return 64;
    }
    const removed = await removeStaff(db, { email }, ACTOR);
    if (!removed) {
      console.error(`staff: no active account has the email ${email}`);
      return 1;
    }
    console.log(`Removed ${removed.email}; their studio sessions have ended.`);
    if (!(await hasActiveAdmin(db))) console.log("No active admin is left: add one with npm run staff -- add <email> --role admin");
    return 0;
  }
  // audit
  const limit = values.limit ? Number(values.limit) : 30;
  if (!Number.isInteger(limit) || limit < 1) throw new Error("--limit takes a whole number of at least 1");
  const entries = await listAudit(db, limit);
  const emails = new Map((await listStaff(db, { includeInactive: true })).map((a) => [a.id, a.email]));
  printTable([
    ["WHEN", "WHO", "WHAT", "DETAIL"],
    ...entries.map((e) => [
      e.at.toISOString().slice(0, 19).replace("T", " "),
      emails.get(e.actor) ?? e.actor,
      e.action,
      [e.target ? (emails.get(e.target) ?? e.target) : "", e.detail ? JSON.stringify(e.detail) : ""].filter(Boolean).join(" "),
    ]),
  ]);
  return 0;
}

runStaffCommand({
  name: "staff",
  usage: USAGE,
  commands: ["add", "list", "remove", "audit"],
  parse: () => {
    const { command, email, values } = parse();
    return { command, help: values.help, run: (db, cmd) => run(db, cmd, email, values) };
  },
});
