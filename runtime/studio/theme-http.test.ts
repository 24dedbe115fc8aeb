import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parse } from "jsonc-parser";
import { suiteDb } from "../db/testing";
import { FORM_VERSION_FIELD, kindFieldName } from "./theme-form";
import { formVersionOf, studioThemePost, themeAttempt } from "./theme-http";
import { studioTargetFile } from "./working-copy";

vi.mock("server-only", () => ({}));

// The theme's plain form (no script) posted to a draft: checked as the editor's save is, refused when
// the draft changed since, and answered with a 303 back to the editor's theme panel in words.

const db = suiteDb(undefined, { empty: ["studio_backups", "studio_working_copies"] });
const DB_KEY = Symbol.for("dealer-platform.db");
const g = globalThis as Record<symbol, unknown>;
const env = { ...process.env };
let root: string;
let file: string;
const NAME = "theme-form-draft";

beforeAll(() => {
  g[DB_KEY] = Promise.resolve(db);
  root = mkdtempSync(path.join(tmpdir(), "studio-theme-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(root, "manifests"), { recursive: true });
  process.env.MANIFESTS_DIR = path.join(root, "manifests");
  file = path.join(root, "manifests", "drafts", `${NAME}.json`);
  // A draft as `new-dealer` writes it: the live dealer's file under another slug and host.
  const live = JSON.parse(readFileSync(path.join(root, "manifests", "sunshine-chery.json"), "utf8")) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...live, slug: NAME, hosts: [`${NAME}.example.com.au`] }, null, 2)}\n`);
});
afterAll(() => {
  delete g[DB_KEY];
  process.env = env;
  rmSync(root, { recursive: true, force: true });
});

const text = () => readFileSync(file, "utf8");
const theme = () => (parse(text()) as { theme: { colors: Record<string, string>; logo: Record<string, unknown> } }).theme;
const post = (fields: Record<string, string>) => studioThemePost("draft", NAME, fields, new Headers());
const where = (res: Response) => new URL(res.headers.get("location")!, "http://localhost");

describe("the theme's plain form", () => {
  it("saves a change as a text edit and goes back to the theme panel saying so", async () => {
    const before = text();
    const res = await post({ [FORM_VERSION_FIELD]: formVersionOf("draft", text()), "/theme/colors/primary": "#0a3d62" });
    expect(res.status).toBe(303);
    const back = where(res);
    expect(back.pathname).toBe(`/studio/drafts/${NAME}`);
    expect(back.searchParams.get("panel")).toBe("theme");
    expect(back.searchParams.get("theme")).toBe("Theme saved.");
    expect(back.hash).toBe("#theme-heading");
    expect(theme().colors.primary).toBe("#0a3d62");
    // Only the one line changed: the file's layout is kept.
    expect(
      text()
        .split("\n")
        .filter((l, i) => l !== before.split("\n")[i]),
    ).toEqual(['      "primary": "#0a3d62",']);
  });

  it("refuses a post read from a version saved over since, changing nothing", async () => {
    const before = text();
    const res = await post({ [FORM_VERSION_FIELD]: formVersionOf("draft", "{}"), "/theme/colors/primary": "#111111" });
    expect(where(res).searchParams.get("theme")).toMatch(/^Not saved: someone saved this site since you opened the theme/);
    expect(text()).toBe(before);
  });

  it("refuses what the platform refuses (the contrast rule), and carries the attempt back to show at its fields", async () => {
    const before = text();
    const version = formVersionOf("draft", before);
    const res = await post({ [FORM_VERSION_FIELD]: version, "/theme/colors/primaryContrast": theme().colors.primary });
    const back = where(res);
    expect(back.searchParams.get("theme")).toMatch(/^Not saved: 1 problem, shown at its field\. /);
    expect(text()).toBe(before);
    const attempt = back.searchParams.get("attempt")!;
    const found = studioTargetFile("draft", NAME)!;
    const again = (await themeAttempt(found.target, found.file, before, version, attempt))!;
    expect((again.value as { theme: { colors: Record<string, string> } }).theme.colors.primaryContrast).toBe(theme().colors.primary);
    expect(again.problems.map((p) => p.pointer)).toEqual([expect.stringMatching(/^\/theme\/colors/)]);
    // Read over another version, the attempt is not shown again.
    expect(await themeAttempt(found.target, found.file, before, "other", attempt)).toBeNull();
  });

  it("holds back text a field cannot take, saying which field", async () => {
    const before = text();
    const res = await post({
      [FORM_VERSION_FIELD]: formVersionOf("draft", before),
      [kindFieldName("/theme/logo")]: "0",
      "/theme/logo/src": "/logo.svg",
      "/theme/logo/alt": "Logo",
      "/theme/logo/width": "wide",
      "/theme/logo/height": "48",
    });
    expect(where(res).searchParams.get("theme")).toBe("Not saved: theme › logo › width: Enter a number.");
    expect(text()).toBe(before);
  });

  it("says when nothing changed", async () => {
    const res = await post({ [FORM_VERSION_FIELD]: formVersionOf("draft", text()), "/theme/colors/primary": theme().colors.primary });
    expect(where(res).searchParams.get("theme")).toBe("Nothing to save: the theme is as it was.");
  });
});
