import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import pkg from "../package.json";

// The staff command loads the server's payment purposes (server-only modules): run exactly as
// `npm run reservations` runs it, it must start and answer on an empty database.
const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "reservations-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run reservations", () => {
  it("lists an empty database as its package.json script runs it", async () => {
    const command = pkg.scripts.reservations.split(" ");
    expect(command[0]).toBe("tsx");
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), [...command.slice(1), "list"], {
      cwd: root,
      env: { ...env, PGLITE_DIR: path.join(dir, "db") },
    });
    expect(stdout).toContain("No reservations.");
  });
});
