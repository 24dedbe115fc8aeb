import { expect, test } from "@playwright/test";
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { E2E_PORT } from "../../playwright.config";
import { getWithHost } from "../helpers/http";
import { dealerPages } from "../helpers/page-types";
import { SAMPLE_SLUGS } from "../helpers/sites";

// Every kind of page of every sample dealer is valid HTML, as the Nu Html Checker (the W3C's
// validator, vnu-jar from npm, run on Debian's Java) reads the HTML the server sends. Invalid
// markup is read differently by browsers and assistive technology (a heading inside a span, a
// paragraph named by aria-labelledby), so it is a defect like any other.

test.describe.configure({ timeout: 240_000 });

const run = promisify(execFile);
// The package's main export is the path of the jar it ships (a String object).
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/** The checker's errors for these files, each as "page: message (extract)". */
async function htmlErrors(files: Map<string, string>): Promise<string[]> {
  // --exit-zero-always: errors come back as JSON on stderr rather than as a failed process.
  const { stderr } = await run("java", ["-jar", VNU_JAR, "--errors-only", "--exit-zero-always", "--format", "json", ...files.keys()], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
  return messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${files.get(decodeURIComponent(new URL(m.url).pathname)) ?? m.url}: ${m.message} (${(m.extract ?? "").trim().slice(0, 120)})`);
}

for (const slug of SAMPLE_SLUGS) {
  test(`${slug}: every kind of page is valid HTML`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), `vnu-${slug}-`));
    try {
      const { listed, extra } = await dealerPages(slug);
      const files = new Map<string, string>();
      for (const [i, page] of [...listed, ...extra, "/sign-in"].entries()) {
        const res = await getWithHost(E2E_PORT, `${slug}.localhost`, page);
        if (res.status >= 400) {
          expect(listed.includes(page), `${slug} ${page}: HTTP ${res.status}`).toBe(false);
          continue;
        }
        const file = path.join(dir, `${i}.html`);
        writeFileSync(file, res.body);
        files.set(file, page);
      }
      expect(files.size, `${slug}: pages checked`).toBeGreaterThan(5);
      expect(await htmlErrors(files), `${slug}: Nu Html Checker errors`).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test("the directory of dealers is valid HTML", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "vnu-directory-"));
  try {
    const res = await getWithHost(E2E_PORT, "localhost", "/");
    expect(res.status).toBe(200);
    const file = path.join(dir, "directory.html");
    writeFileSync(file, res.body);
    expect(await htmlErrors(new Map([[file, "/ (directory)"]]))).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
