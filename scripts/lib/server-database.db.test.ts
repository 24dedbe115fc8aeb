import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../runtime/db/index";
import { publishVersions, validateVersion } from "../../runtime/fleet/manifests";
import { manifestCollection } from "../../runtime/manifest/store";
import { createStudioDraft } from "../../runtime/studio/new-dealer";
import { openServerDatabase } from "./server-database";

// `npm run new-dealer` and `npm run validate` read the server's own database (here an embedded one
// in a folder of its own, as `npm start` keeps it): a draft made in the studio and a dealer
// published there are taken names for the one and checked manifests for the other.

let root: string;
let dir: string;
let pgliteDir: string;
let publishedId = 0;
const TSX = path.join(process.cwd(), "node_modules", ".bin", "tsx");

function run(script: string, args: string[], extraEnv: Record<string, string> = {}) {
  return spawnSync(TSX, [`scripts/${script}.ts`, ...args], {
    env: { ...process.env, MANIFESTS_DIR: dir, PGLITE_DIR: pgliteDir, DATABASE_URL: "", ...extraEnv },
    encoding: "utf8",
  });
}
const NEW_DEALER = ["--name", "Ballina Kia", "--phone", "02 6686 0000", "--email", "leads@example.com.au", "--address", "12 River Street, Ballina NSW 2478"];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "cli-database-"));
  dir = path.join(root, "manifests");
  cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
  pgliteDir = path.join(root, "pglite");
  const db: Db = await openDb({ pgliteDir });
  try {
    // A draft made at /studio/new: a row of the database, no file.
    const draft = await createStudioDraft(
      {
        name: "Ballina Kia",
        domain: "ballinakia.com.au",
        phone: "02 6686 0000",
        email: "leads@ballinakia.com.au",
        address: "12 River Street, Ballina NSW 2478",
      },
      { db, by: "staff:ann" },
      dir,
    );
    expect(draft.ok).toBe(true);
    // A dealer put live from the studio (no file): its version sends enquiries nowhere, which blocks a live dealer.
    const live = JSON.parse(readFileSync(path.join(dir, "sunshine-chery.json"), "utf8")) as Record<string, unknown> & { forms: Record<string, unknown> };
    const { destinations: _gone, ...forms } = live.forms;
    const text = JSON.stringify({ ...live, slug: "coast-kia", hosts: ["www.coastkia.com.au"], redirectHosts: ["coastkia.com.au"], forms }, null, 2);
    const checked = validateVersion("coast-kia", text, { manifestsDir: dir, publicDir: path.join(process.cwd(), "public") });
    if (!checked.ok) throw new Error(`the fixture does not validate: ${checked.problems.map((p) => p.message).join("; ")}`);
    const [outcome] = await publishVersions(db, manifestCollection(dir), [{ name: "coast-kia", version: checked.version }], {
      source: "studio",
      by: "staff:ann",
    });
    publishedId = outcome.status === "published" ? outcome.id : 0;
    expect(publishedId).toBeGreaterThan(0);
  } finally {
    await db.close();
  }
}, 180_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the command line and the server's database", () => {
  it("new-dealer refuses a short name a studio draft holds, and a domain a dealer published in the studio holds, in words", () => {
    const slug = run("new-dealer", [...NEW_DEALER, "--dir", path.join(root, "out")]);
    expect(slug.status).toBe(2);
    expect(slug.stderr).toContain("slug: 'ballina-kia' is already the short name of the draft ballina-kia, made in the studio: choose another.");
    const domain = run("new-dealer", [...NEW_DEALER, "--slug", "ballina-kia-2", "--domain", "coastkia.com.au", "--dir", path.join(root, "out")]);
    expect(domain.status).toBe(2);
    expect(domain.stderr).toContain(
      `domain: www.coastkia.com.au is already used by the dealer coast-kia, live as version ${publishedId} published in the studio's database.`,
    );
  }, 120_000);

  it("validate checks the studio's draft and the published version, named by where they are held", () => {
    const text = run("validate", []);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/(ok {4}|FAIL {2})database: draft ballina-kia \(made in the studio\) {2}\(draft; last saved by staff:ann\)/);
    expect(text.stdout).toContain(`FAIL  database: coast-kia, published version ${publishedId}  (live; published by staff:ann`);
    // At the line of the version's text as laid out (a stored version is one line of compact JSON).
    expect(text.stdout).toMatch(new RegExp(`database: coast-kia, published version ${publishedId}:\\d+:\\d+ {2}blocks going live: /forms/destinations`));
    expect(text.stdout).not.toMatch(/database: [^\n]*warning: \/\$schema/);
    expect(text.stdout).toMatch(/of them held in the embedded database in /);

    const github = run("validate", ["--format=github"]);
    expect(github.stdout).toContain(
      `::error title=lead-destination /forms/destinations::database: coast-kia, published version ${publishedId}: Enquiries from this site reach no one`,
    );

    const sarif = run("validate", ["--format=sarif"]);
    const log = JSON.parse(sarif.stdout) as { runs: { results: { ruleId: string; level: string; locations: Record<string, unknown>[] }[] }[] };
    const lead = log.runs[0].results.find((r) => r.ruleId === "lead-destination" && r.level === "error")!;
    expect(lead.locations).toEqual([
      { logicalLocations: [{ fullyQualifiedName: `database: coast-kia, published version ${publishedId} /forms/destinations` }] },
    ]);
  }, 180_000);

  it("says so in words while a running server holds the embedded database: new-dealer stops, validate checks the files", async () => {
    const db = await openDb({ pgliteDir });
    try {
      const opened = await openServerDatabase({ PGLITE_DIR: pgliteDir });
      expect(opened).toMatchObject({ db: null, state: "locked", pid: process.pid });

      const made = run("new-dealer", [...NEW_DEALER, "--slug", "another-kia", "--dir", path.join(root, "out")]);
      expect(made.status).toBe(2);
      expect(made.stderr).toContain(`is in use by the running server (process ${process.pid})`);
      expect(made.stderr).toContain("/studio/new");

      const checked = run("validate", []);
      expect(checked.status).toBe(0);
      expect(checked.stderr).toContain(`note: The studio's database (${pgliteDir}) is in use by the running server`);
      expect(checked.stderr).toContain("Only the files were checked.");
    } finally {
      await db.close();
    }
  }, 180_000);

  it("reads nothing, and makes no database, where none was ever made", async () => {
    expect(await openServerDatabase({ PGLITE_DIR: path.join(root, "never") })).toMatchObject({ db: null, state: "absent" });
  });
});
