/**
 * The published manifest versions every server process serves (runtime/fleet/manifests.ts):
 * `npm run manifests -- <command> [options]`.
 *
 *   status                      Each dealer's live version: id, where it came from, who, when.
 *   history  <name>             A dealer's versions, newest first (name: its file name without .json).
 *   publish  <file.json>...     Validates the files as `npm run validate` does and publishes them
 *            [--by who] [--note text]   (claims checked against every live dealer); every process
 *                                       serves them within moments. Exit 1 if any was refused.
 *   rollback <name> <id> [--by who]     Publishes version <id>'s text again, validated again.
 *   export   [--out dir]        Writes every live version to <dir>/<name>.json (default
 *                               manifests-live/) for review in git, and names those that differ
 *                               from the files in manifests/.
 *
 * MANIFESTS_DIR chooses the manifests (and their collection, as the server does). Database:
 * DATABASE_URL, or the embedded PGlite (refused while the server holds it: exit 2).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, userInfo } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Db } from "../runtime/db/index";
import {
  liveVersions,
  publishVersions,
  rollbackTo,
  validateVersion,
  versionHistory,
  type PublishOutcome,
  type PublishRequest,
} from "../runtime/fleet/manifests";
import { formatProblem } from "../runtime/manifest/problems";
import { ManifestStore, manifestCollection, manifestsDir, publicDir } from "../runtime/manifest/store";
import { printTable, runStaffCommand } from "./lib/staff-cli";

const USAGE =
  "usage: npm run manifests -- status | history <name> | publish <file.json>... [--by who] [--note text] | rollback <name> <id> [--by who] | export [--out dir]";

const iso = (s: string) => s.slice(0, 19).replace("T", " ");

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      by: { type: "string" },
      note: { type: "string" },
      out: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  return { command: positionals[0], help: values.help, run: (db: Db, command: string) => run(db, command, positionals.slice(1), values) };
}

function describe(o: PublishOutcome): string {
  if (o.status === "unchanged") return `${o.name}: unchanged (the live version is the same)`;
  if (o.status !== "refused") return `${o.name}: ${o.status} as version ${o.id}`;
  return `${o.name}: refused\n${o.conflicts.map((c) => `  ${c.pointer}: ${c.message}${c.hint ? ` (${c.hint})` : ""}`).join("\n")}`;
}

async function run(db: Db, command: string, args: string[], v: { by?: string; note?: string; out?: string }): Promise<number> {
  const dir = manifestsDir();
  const collection = manifestCollection(dir);
  const ctx = { manifestsDir: dir, publicDir: publicDir() };
  const by = v.by ?? `cli:${userInfo().username}@${hostname()}`;
  if (command === "status") {
    const live = [...(await liveVersions(db, collection)).values()];
    if (!live.length) {
      console.log(`Nothing published in collection '${collection}' yet (a server publishes its files when it starts).`);
      return 0;
    }
    printTable([
      ["name", "version", "source", "published (UTC)", "by"],
      ...live.map((l) => [l.name, String(l.id), l.source, iso(l.publishedAt), l.publishedBy]),
    ]);
    return 0;
  }
  if (command === "history") {
    if (args.length !== 1) throw new Error(`history takes one dealer name\n${USAGE}`);
    const versions = await versionHistory(db, collection, args[0]);
    if (!versions.length) {
      console.log(`No versions of '${args[0]}'.`);
      return 1;
    }
    printTable([
      ["version", "source", "published (UTC)", "by", "note"],
      ...versions.map((x) => [String(x.id), x.text === null ? `${x.source} (withdrawn)` : x.source, iso(x.publishedAt), x.publishedBy, x.note ?? ""]),
    ]);
    return 0;
  }
  if (command === "publish") {
    if (!args.length) throw new Error(`publish takes one or more manifest files\n${USAGE}`);
    const requests: PublishRequest[] = [];
    let invalid = 0;
    for (const file of args) {
      const name = path.basename(file, ".json");
      const checked = validateVersion(name, readFileSync(file, "utf8"), ctx);
      if (!checked.ok) {
        invalid++;
        console.error(`${file} does not validate; not published:\n${checked.problems.map((p) => "  " + formatProblem(p)).join("\n")}`);
      } else requests.push({ name, version: checked.version });
    }
    const outcomes = requests.length ? await publishVersions(db, collection, requests, { source: "cli", by, note: v.note }) : [];
    for (const o of outcomes) console.log(describe(o));
    return invalid || outcomes.some((o) => o.status === "refused") ? 1 : 0;
  }
  if (command === "rollback") {
    const id = Number(args[1]);
    if (args.length !== 2 || !Number.isInteger(id)) throw new Error(`rollback takes a dealer name and a version id\n${USAGE}`);
    const outcome = await rollbackTo(db, collection, args[0], id, by, ctx);
    if (outcome.status === "invalid") {
      console.error(`version ${id} no longer validates; not published:\n${outcome.problems.map((p) => "  " + formatProblem(p)).join("\n")}`);
      return 1;
    }
    console.log(describe(outcome));
    return outcome.status === "refused" ? 1 : 0;
  }
  if (command === "export") {
    const out = path.resolve(v.out ?? "manifests-live");
    mkdirSync(out, { recursive: true });
    const files = new Map(new ManifestStore({ dir, publicDir: publicDir(), log: () => {} }).fileVersions().map((f) => [f.name, f.standalone?.hash]));
    const live = [...(await liveVersions(db, collection)).values()];
    for (const l of live) {
      writeFileSync(path.join(out, `${l.name}.json`), JSON.stringify(JSON.parse(l.text), null, 2) + "\n");
      // Compared as published (templates merged in): a file that extends a template exports whole.
      const same = files.get(l.name) === l.hash;
      console.log(
        `${l.name}.json  version ${l.id} (${l.source}, ${iso(l.publishedAt)})${same ? "" : `  differs from ${path.relative(process.cwd(), path.join(dir, l.name + ".json"))}`}`,
      );
    }
    console.log(`\nWrote ${live.length} live version(s) to ${path.relative(process.cwd(), out) || "."}.`);
    return 0;
  }
  console.error(USAGE);
  return 64;
}

runStaffCommand({ name: "manifests", usage: USAGE, commands: ["status", "history", "publish", "rollback", "export"], parse });
