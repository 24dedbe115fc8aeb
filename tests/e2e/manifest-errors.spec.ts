import { expect, test } from "@playwright/test";
import { spawnSync, type ChildProcess } from "node:child_process";
import { startNextServer, stopNextServer, waitForServer } from "../../scripts/lib/next-server";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getWithHost } from "../helpers/http";

// These tests work on a temporary copy of manifests/, never on the real files.
const PORT = 3201;
let dir: string;
let server: ChildProcess | undefined;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "manifests-"));
  cpSync(path.join(process.cwd(), "manifests"), dir, { recursive: true });
});
test.afterAll(() => {
  stopNextServer(server);
  rmSync(dir, { recursive: true, force: true });
});

function validate() {
  return spawnSync("npx", ["tsx", "scripts/validate.ts"], { env: { ...process.env, MANIFESTS_DIR: dir }, encoding: "utf8" });
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split("\n").length;
}

test("npm run validate points at the exact line of an unknown block type, with a suggestion", () => {
  const file = path.join(dir, "sunshine-chery.json");
  const original = readFileSync(file, "utf8");
  const broken = original.replace('"type": "home-banner"', '"type": "home-baner"');
  expect(broken).not.toBe(original);
  writeFileSync(file, broken);
  const result = validate();
  writeFileSync(file, original);
  expect(result.status).toBe(1);
  const line = lineOf(broken, '"home-baner"');
  expect(result.stdout).toMatch(new RegExp(`sunshine-chery\\.json:${line}:\\d+\\s+/routes/~1/blocks/1/type\\s+unknown block type 'home-baner'`));
  expect(result.stdout).toContain("did you mean 'home-banner'?");
});

test("npm run validate reports a wrong type and malformed JSON with line and column", () => {
  const file = path.join(dir, "twg-group.json");
  const original = readFileSync(file, "utf8");
  const wrongType = original.replace(/"schemaVersion": \d+/, '"schemaVersion": "1"');
  expect(wrongType).not.toBe(original);
  writeFileSync(file, wrongType);
  let result = validate();
  expect(result.status).toBe(1);
  expect(result.stdout).toMatch(new RegExp(`twg-group\\.json:${lineOf(wrongType, '"schemaVersion"')}:\\d+\\s+/schemaVersion`));
  const malformed = original.replace('"name": "TWG Group",', '"name": "TWG Group"');
  writeFileSync(file, malformed);
  result = validate();
  writeFileSync(file, original);
  expect(result.status).toBe(1);
  expect(result.stdout).toMatch(/twg-group\.json:\d+:\d+\s+\/?\s*JSON syntax error: ',' expected/);
});

test("a manifest that has never been valid takes only that dealer offline (503); fixing it needs no rebuild", async () => {
  test.setTimeout(90_000);
  const file = path.join(dir, "outback-caravans.json");
  const original = readFileSync(file, "utf8");
  const manifest = JSON.parse(original);
  delete manifest.contact;
  writeFileSync(file, JSON.stringify(manifest, null, 2));

  server = startNextServer(PORT, { env: { ...process.env, MANIFESTS_DIR: dir } });
  await waitForServer(PORT, { server });

  const offline = await getWithHost(PORT, "outback-caravans.localhost");
  expect(offline.status).toBe(503);
  expect(offline.body).toContain("Site unavailable");
  for (const slug of ["sunshine-chery", "harbour-motor-group", "twg-group"]) {
    const res = await getWithHost(PORT, `${slug}.localhost`);
    expect(res.status, slug).toBe(200);
  }
  const validation = validate();
  expect(validation.stdout).toMatch(/outback-caravans\.json:\d+:\d+\s+\/contact\s+missing required property 'contact'/);

  // Fixing the file brings the dealer back without a rebuild or restart.
  writeFileSync(file, original);
  await expect.poll(async () => (await getWithHost(PORT, "outback-caravans.localhost")).status, { timeout: 15_000 }).toBe(200);
});
