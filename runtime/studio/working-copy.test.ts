import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "jsonc-parser";
import { listDrafts } from "../manifest/diagnostics";
import { setAt } from "./ops";
import { checkValue, saveValue, writeStudioDraft } from "./working-copy";

let root: string;
let file: string;
const env = { ...process.env };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "studio-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(root, "manifests"), { recursive: true });
  process.env.MANIFESTS_DIR = path.join(root, "manifests");
  process.env.STUDIO_BACKUP_DIR = path.join(root, "backups");
  file = path.join(root, "manifests", "sunshine-chery.json");
});
afterAll(() => {
  process.env = env;
  rmSync(root, { recursive: true, force: true });
});

describe("studio working copy and save", () => {
  it("checks a change with the platform's pipeline: an empty hero heading is refused at its pointer", () => {
    const text = readFileSync(file, "utf8");
    const value = parse(text);
    const routes = Object.keys(value.routes);
    const bad = setAt(value, ["routes", routes[0], "blocks"], [{ type: "hero", props: { heading: "" } }]);
    const r = checkValue(file, text, bad);
    expect(r.ok).toBe(false);
    expect(r.errors.some((e) => e.pointer.startsWith(`/routes/${routes[0].replace(/\//g, "~1")}/blocks/0/props/heading`))).toBe(true);
  });

  it("saves a valid change by editing the text, keeping a backup; refuses when the file changed meanwhile", () => {
    const text = readFileSync(file, "utf8");
    const value = parse(text);
    const next = setAt(value, ["name"], "Sunshine Chery Springwood");
    const r = saveValue(file, text, next, new Date("2026-11-24T01:00:00Z"));
    expect(r.status).toBe("saved");
    const saved = readFileSync(file, "utf8");
    expect(saved).toBe(text.replace('"name": "Sunshine Chery",', '"name": "Sunshine Chery Springwood",'));
    expect(readdirSync(path.join(root, "backups"))).toEqual(["sunshine-chery.2026-11-24T01-00-00-000Z.json"]);
    expect(readFileSync(path.join(root, "backups", "sunshine-chery.2026-11-24T01-00-00-000Z.json"), "utf8")).toBe(text);
    expect(saveValue(file, text, value).status).toBe("changed");
    expect(readFileSync(file, "utf8")).toBe(saved);
  });

  it("writes the working copy as a draft that the draft list leaves out", () => {
    writeStudioDraft("sunshine-chery", readFileSync(file, "utf8"));
    writeFileSync(path.join(root, "manifests", "drafts", "new-dealer.json"), "{}");
    expect(readdirSync(path.join(root, "manifests", "drafts"))).toContain("studio-sunshine-chery.json");
    expect(listDrafts(path.join(root, "manifests"))).toEqual(["new-dealer"]);
  });
});
