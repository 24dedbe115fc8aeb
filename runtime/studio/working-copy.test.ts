import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "jsonc-parser";
import { listDrafts } from "../manifest/diagnostics";
import { setAt } from "./ops";
import { diagnoseOffLoop, diagnosesOffLoop, stopDiagnoseWorker, type DiagnoseJob } from "./diagnose-off-loop";
import {
  checkTemplate,
  checkTarget,
  saveValue,
  studioTargetFile,
  usersOfTemplate,
  writeStudioDraft,
  writeTemplatePreview,
  checkValue,
  warningsWhereKept,
} from "./working-copy";
import { suiteDb } from "../db/testing";
import { listBackups, readWorkingCopy } from "../fleet/working-copies";
import { manifestCollection } from "../manifest/store";

// Working copies and backups are rows of the shared database (an in-memory PGlite here).
const db = suiteDb();
const collection = () => manifestCollection(path.join(root, "manifests"));

let root: string;
let file: string;
const env = { ...process.env };

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "studio-"));
  cpSync(path.join(process.cwd(), "manifests"), path.join(root, "manifests"), { recursive: true });
  process.env.MANIFESTS_DIR = path.join(root, "manifests");
  file = path.join(root, "manifests", "sunshine-chery.json");
});
afterAll(async () => {
  await stopDiagnoseWorker();
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

  it("saves a valid change by editing the text, keeping a backup in the database; refuses when the file changed meanwhile", async () => {
    const text = readFileSync(file, "utf8");
    const value = parse(text);
    const next = setAt(value, ["name"], "Sunshine Chery Springwood");
    const r = await saveValue(file, text, next, new Date("2026-11-24T01:00:00Z"), checkValue, { db, by: "staff:ann" });
    expect(r).toMatchObject({ status: "saved", backup: expect.stringMatching(/^backup \d+$/) });
    const saved = readFileSync(file, "utf8");
    expect(saved).toBe(text.replace('"name": "Sunshine Chery",', '"name": "Sunshine Chery Springwood",'));
    const backups = await listBackups(db, collection(), "dealer", "sunshine-chery");
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ text, savedBy: "staff:ann", savedAt: "2026-11-24T01:00:00.000Z" });
    expect(r.status === "saved" && r.backup).toBe(`backup ${backups[0].id}`);
    expect((await saveValue(file, text, value, new Date(), checkValue, { db })).status).toBe("changed");
    expect(readFileSync(file, "utf8")).toBe(saved);
    expect(readdirSync(root)).toEqual(["manifests"]);
  });

  it("writes the working copy to the database, not to the drafts folder, which lists only new dealers", async () => {
    await writeStudioDraft("sunshine-chery", readFileSync(file, "utf8"), path.join(root, "manifests"), { db, by: "staff:ann" });
    writeFileSync(path.join(root, "manifests", "drafts", "new-dealer.json"), "{}");
    expect(readdirSync(path.join(root, "manifests", "drafts"))).not.toContain("studio-sunshine-chery.json");
    expect(await readWorkingCopy(db, collection(), "studio-sunshine-chery")).toMatchObject({ text: readFileSync(file, "utf8"), updatedBy: "staff:ann" });
    expect(listDrafts(path.join(root, "manifests"))).toEqual(["new-dealer"]);
  });
});

describe("studio targets on disk: drafts and templates", () => {
  const templatePath = () => path.join(root, "manifests", "templates", "dealer-base.json");

  it("resolves a draft, a template and a dealer to their files; unknown names and working copies to nothing", () => {
    writeFileSync(path.join(root, "manifests", "drafts", "coast-chery.json"), readFileSync(path.join(root, "manifests", "twg-group.json"), "utf8"));
    expect(studioTargetFile("draft", "coast-chery")?.file).toBe(path.join(root, "manifests", "drafts", "coast-chery.json"));
    expect(studioTargetFile("template", "dealer-base")?.file).toBe(templatePath());
    expect(studioTargetFile("dealer", "sunshine-chery")?.file).toBe(file);
    expect(studioTargetFile("draft", "studio-sunshine-chery")).toBeNull();
    expect(studioTargetFile("template", "..")).toBeNull();
    expect(studioTargetFile("template", "nobody")).toBeNull();
  });

  it("lists a template's users, live dealers first, then drafts", () => {
    expect(usersOfTemplate("dealer-base").map((u) => `${u.kind}:${u.name}`)).toEqual([
      "dealer:harbour-motor-group",
      "dealer:outback-caravans",
      "dealer:sunshine-chery",
      "dealer:twg-group",
      "draft:coast-chery",
    ]);
  });

  it("diagnoses off the event loop, in a worker thread: one diagnosis per user of a template, one for a dealer", async () => {
    const text = readFileSync(templatePath(), "utf8");
    let jobs = 0;
    const counted = (job: DiagnoseJob) => (jobs++, diagnoseOffLoop(job));
    const r = await checkTemplate("dealer-base", text, parse(text), counted);
    expect(r.ok).toBe(true);
    expect(r.users.length).toBeGreaterThan(1);
    expect(jobs).toBe(r.users.length);
    jobs = 0;
    const dealer = path.join(root, "manifests", "twg-group.json");
    const own = readFileSync(dealer, "utf8");
    const checked = await checkTarget({ kind: "dealer", name: "twg-group" }, dealer, own, parse(own), counted);
    expect(checked).toEqual({ ...checkValue(dealer, own, parse(own)) });
    expect(jobs).toBe(1);
    // The answers came from the worker, not from this thread after a failed start.
    expect(diagnosesOffLoop()).toBe(true);
  });

  it("checks a template change against every user with the platform's diagnostics, naming each dealer; a save is refused and the file kept", async () => {
    const text = readFileSync(templatePath(), "utf8");
    const value = parse(text);
    const bad = setAt(value, ["routes", "/about-us", "blocks"], [{ type: "hero", props: { heading: "" } }]);
    const r = await checkTemplate("dealer-base", text, bad);
    expect(r.ok).toBe(false);
    expect(r.message?.split("\n")[0]).toBe(
      "The template dealer-base was not saved: it would make harbour-motor-group, outback-caravans, sunshine-chery, twg-group and the draft coast-chery invalid.",
    );
    expect(r.errors.every((e) => "dealer" in e)).toBe(true);
    const target = { kind: "template" as const, name: "dealer-base" };
    const saved = await saveValue(templatePath(), text, bad, new Date(), (f, t, v) => checkTarget(target, f, t, v), { db });
    expect(saved).toMatchObject({ status: "invalid" });
    expect(saved.status === "invalid" && saved.message).toContain("sunshine-chery: Enter at least 1 character: this cannot be empty.");
    expect(readFileSync(templatePath(), "utf8")).toBe(text);
  });

  it("does not hold a template change against a draft that was broken already, but names it for a problem the change adds", async () => {
    const broken = path.join(root, "manifests", "drafts", "broken-draft.json");
    const draft = parse(readFileSync(path.join(root, "manifests", "twg-group.json"), "utf8"));
    draft.name = "";
    writeFileSync(broken, JSON.stringify(draft, null, 2));
    try {
      expect(checkValue(broken, readFileSync(broken, "utf8"), draft).ok).toBe(false);
      const text = readFileSync(templatePath(), "utf8");
      expect((await checkTemplate("dealer-base", text, setAt(parse(text), ["routes", "/about-us", "title"], "About the group"))).ok).toBe(true);
      const bad = await checkTemplate("dealer-base", text, setAt(parse(text), ["routes", "/about-us", "blocks"], [{ type: "hero", props: { heading: "" } }]));
      expect(bad.ok).toBe(false);
      const inDraft = bad.errors.filter((e) => (e as { dealer?: string }).dealer === "broken-draft");
      expect(inDraft.length).toBeGreaterThan(0);
      expect(inDraft.every((e) => e.pointer.startsWith("/routes/~1about-us"))).toBe(true);
    } finally {
      rmSync(broken);
    }
  });

  it("saves a good template change as a text edit, and previews it on its first user as a self-contained working copy", async () => {
    const text = readFileSync(templatePath(), "utf8");
    const good = setAt(parse(text), ["routes", "/about-us", "title"], "About our group");
    expect((await checkTemplate("dealer-base", text, good)).ok).toBe(true);
    const saved = await saveValue(
      templatePath(),
      text,
      good,
      new Date("2026-11-24T02:00:00Z"),
      (f, t, v) => checkTarget({ kind: "template", name: "dealer-base" }, f, t, v),
      { db },
    );
    expect(saved.status).toBe("saved");
    expect((await listBackups(db, collection(), "template", "dealer-base")).map((b) => b.text)).toEqual([text]);
    expect(readFileSync(templatePath(), "utf8")).toBe(text.replace('"title": "About us"', '"title": "About our group"'));
    expect(await writeTemplatePreview("dealer-base", readFileSync(templatePath(), "utf8"), path.join(root, "manifests"), { db })).toBe("harbour-motor-group");
    const copy = JSON.parse((await readWorkingCopy(db, collection(), "studio--template-dealer-base"))!.text);
    expect(copy.extends).toBeUndefined();
    expect(copy.slug).toBe("harbour-motor-group");
    expect(copy.routes["/about-us"].title).toBe("About our group");
    expect(checkValue(file, readFileSync(file, "utf8"), parse(readFileSync(file, "utf8"))).ok).toBe(true);
  });
});

describe("the warnings a text gets where it is kept", () => {
  const warning = (source: string) => ({ file: "x", line: 1, column: 1, pointer: "/$schema", message: "m", source, severity: "warning" as const });
  it("drops the schema-path warning for a text with no file (held in the database): the studio has no field for $schema", () => {
    const onDisk = path.join(process.cwd(), "manifests", "sunshine-chery.json");
    const nowhere = path.join(process.cwd(), "manifests", "drafts", "made-in-the-studio.json");
    expect(warningsWhereKept(onDisk, [warning("schema-path"), warning("favicon")]).map((w) => w.source)).toEqual(["schema-path", "favicon"]);
    expect(warningsWhereKept(nowhere, [warning("schema-path"), warning("favicon")]).map((w) => w.source)).toEqual(["favicon"]);
  });
});
