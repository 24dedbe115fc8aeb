import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// npm run validate over a copy of manifests/ in which one live dealer has no lead destination.
let dir: string;
const BARE = "outback-caravans";

function validate(...args: string[]) {
  return spawnSync("npx", ["tsx", "scripts/validate.ts", ...args], {
    // No server database (none was ever made there): the files alone.
    env: { ...process.env, MANIFESTS_DIR: dir, PGLITE_DIR: path.join(dir, "no-database"), DATABASE_URL: "" },
    encoding: "utf8",
  });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "validate-go-live-"));
  cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
  const file = path.join(dir, `${BARE}.json`);
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  delete manifest.forms.destinations;
  writeFileSync(file, JSON.stringify(manifest, null, 2));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run validate and the go-live check", () => {
  it("fails for a live dealer with a blocking problem, as a GitHub error annotation on the manifest's line", () => {
    const text = readFileSync(path.join(dir, `${BARE}.json`), "utf8");
    const line = text.slice(0, text.indexOf('"forms"')).split("\n").length;
    const result = validate("--format=github");
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`::error file=${path.relative(process.cwd(), path.join(dir, `${BARE}.json`))},line=${line},`);
    expect(result.stdout).toMatch(/title=lead-destination \/forms\/destinations::Enquiries from this site reach no one/);
    // The other dealers' go-live problems are warnings.
    expect(result.stdout).toMatch(/::warning file=[^\n]*sunshine-chery\.json[^\n]*title=placeholder-pages/);
  }, 60_000);

  it("says in plain text which problem blocks the live site", () => {
    const result = validate();
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`FAIL  ${path.relative(process.cwd(), path.join(dir, `${BARE}.json`))}`);
    expect(result.stdout).toContain("blocks going live: /forms/destinations");
  }, 60_000);

  it("passes when that dealer is a draft (not live yet), listing the problem as a warning in SARIF", () => {
    mkdirSync(path.join(dir, "drafts"), { recursive: true });
    renameSync(path.join(dir, `${BARE}.json`), path.join(dir, "drafts", `${BARE}.json`));
    const out = path.join(dir, "out.sarif");
    const result = validate("--format=sarif", `--output=${out}`);
    expect(result.status, result.stdout).toBe(0);
    const log = JSON.parse(readFileSync(out, "utf8"));
    expect(log.version).toBe("2.1.0");
    const lead = log.runs[0].results.find((r: { ruleId: string }) => r.ruleId === "lead-destination");
    expect(lead).toMatchObject({
      level: "warning",
      locations: [{ physicalLocation: { artifactLocation: { uri: expect.stringContaining(`drafts/${BARE}.json`) } } }],
    });
  }, 60_000);

  it("refuses an unknown format", () => {
    const result = validate("--format=xml");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--format must be one of text, github, sarif");
  }, 60_000);
});
