import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EXISTING_ASSET, loadObject, minimalManifest, REPO_MANIFESTS, REPO_PUBLIC } from "../../tests/helpers/manifest-fixture";
import { CURRENT_SCHEMA_VERSION } from "./migrations";
import { loadManifest, type ManifestLoadResult } from "./load";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temporary manifests folder; values that are not strings are written as pretty JSON. */
function tempManifests(files: Record<string, unknown>, { copyTemplates = false } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "manifests-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "templates"));
  if (copyTemplates) cpSync(path.join(REPO_MANIFESTS, "templates"), path.join(dir, "templates"), { recursive: true });
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
  return dir;
}

const load = (dir: string, name: string) => loadManifest(path.join(dir, name), { manifestsDir: dir, publicDir: REPO_PUBLIC });
const rel = (abs: string) => path.relative(process.cwd(), abs);

function problems(result: ManifestLoadResult) {
  if (result.ok) throw new Error("expected the manifest to fail");
  return result.problems;
}

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string) {
  const offset = text.indexOf(needle);
  if (offset < 0) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** A tiny template using only rich-text, so these tests do not depend on blocks still being written. */
function baseTemplate(extra: Record<string, unknown> = {}) {
  return {
    schemaVersion: 1,
    wording: { soldTag: "SOLD OUT", usedKeyword: "Pre-owned" },
    features: { finance: true, blog: true },
    menus: {
      header: [
        { label: "Home", href: "/" },
        { label: "News", href: "/news", flag: "blog" },
      ],
    },
    routes: {
      "/": { title: "Home", blocks: [] },
      "/news": { title: "News", flag: "blog", blocks: [{ type: "rich-text", props: { content: [{ kind: "paragraph", text: "News" }] } }] },
    },
    ...extra,
  };
}

/** The minimal manifest without the parts a template supplies. */
function extendingManifest(template: string, edit?: (m: Record<string, any>) => void) {
  const m = minimalManifest();
  delete m.routes;
  delete m.menus;
  delete m.features;
  m.extends = template;
  edit?.(m);
  return m;
}

describe("loadManifest: a valid sample", () => {
  it("loads sunshine-chery (extending dealer-base) with schema defaults filled in", () => {
    const dir = tempManifests({}, { copyTemplates: true });
    cpSync(path.join(REPO_MANIFESTS, "sunshine-chery.json"), path.join(dir, "sunshine-chery.json"));
    const result = load(dir, "sunshine-chery.json");
    if (!result.ok) throw new Error(result.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`).join("\n"));
    expect(result.manifest.slug).toBe("sunshine-chery");
    expect(result.manifest.wording?.noPriceText).toBe("Enquire for price.");
    expect(result.manifest.wording?.soldTag).toBe("JUST SOLD");
    expect(result.manifest.wording?.newBadge).toBe("New Arrival"); // the manifest's own wording wins
    expect(result.migrations).toEqual([]);
  });

  it("fills wording defaults in a manifest without a template when it has a wording object", () => {
    const dir = tempManifests({ "a.json": { ...minimalManifest("alpha"), wording: { newBadge: "Fresh" } } });
    const result = load(dir, "a.json");
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.manifest.wording).toMatchObject({ noPriceText: "Enquire for price.", soldTag: "JUST SOLD", enquireButton: "Enquire", newBadge: "Fresh" });
  });

  it("fills wording defaults in a manifest that has no wording at all (and no template)", () => {
    // The schema gives $defs/wording `default: {}`, but ajv ignores a default inside a $ref'd
    // schema; the property itself (properties.wording) needs the default next to its $ref.
    const dir = tempManifests({ "a.json": minimalManifest("alpha") });
    const result = load(dir, "a.json");
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.manifest.wording?.noPriceText).toBe("Enquire for price.");
    expect(result.manifest.wording?.soldTag).toBe("JUST SOLD");
  });

  it("fills theme defaults in a manifest without a template", () => {
    const dir = tempManifests({ "a.json": minimalManifest("alpha") });
    const result = load(dir, "a.json");
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.manifest.theme.colors.background).toBe("#ffffff");
    expect(result.manifest.theme.radius).toBe("6px");
    expect(result.file).toBe(rel(path.join(dir, "a.json")));
  });

  it("gives a location without its own time_zone the dealer's zone; a written one is kept; without either, Brisbane", () => {
    const perth = minimalManifest("alpha");
    perth.timeZone = "Australia/Perth";
    perth.locations.push({ ...perth.locations[0], id: 11, slug: "darwin", time_zone: "Australia/Darwin" });
    const dir = tempManifests({ "a.json": perth, "b.json": minimalManifest("bravo") });
    const a = load(dir, "a.json");
    const b = load(dir, "b.json");
    if (!a.ok || !b.ok) throw new Error("both load");
    expect(a.manifest.locations.map((l) => l.time_zone)).toEqual(["Australia/Perth", "Australia/Darwin"]);
    expect(b.manifest.locations[0].time_zone).toBe("Australia/Brisbane");
  });
});

describe("loadManifest: templates", () => {
  it("merges the template: objects key by key, arrays replaced, null removes", () => {
    const dir = tempManifests({
      "templates/base.json": baseTemplate(),
      "a.json": extendingManifest("base", (m) => {
        m.wording = { soldTag: "GONE" };
        m.features = { finance: null };
        m.menus = { header: [{ label: "Home", href: "/" }] };
        m.routes = { "/about-us": { title: "About", blocks: [] } };
      }),
    });
    const result = load(dir, "a.json");
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const m = result.manifest as any;
    expect(m.extends).toBe("base");
    expect(Object.keys(m.routes)).toEqual(["/", "/news", "/about-us"]);
    expect(m.wording.soldTag).toBe("GONE");
    expect(m.wording.usedKeyword).toBe("Pre-owned");
    expect(m.features).toEqual({ blog: true });
    expect(m.menus.header).toEqual([{ label: "Home", href: "/" }]);
  });

  it("follows a chain of templates", () => {
    const dir = tempManifests({
      "templates/root.json": { wording: { usedKeyword: "Pre-loved", soldTag: "SOLD OUT" } },
      "templates/base.json": baseTemplate({ extends: "root", wording: { soldTag: "SOLD" } }),
      "a.json": extendingManifest("base"),
    });
    const result = load(dir, "a.json");
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.manifest.wording).toMatchObject({ usedKeyword: "Pre-loved", soldTag: "SOLD" });
    expect((result.manifest as any).extends).toBe("base");
  });

  it("names the available templates when the template does not exist", () => {
    const manifest = extendingManifest("franchize");
    const dir = tempManifests({ "templates/franchise.json": baseTemplate(), "templates/group.json": baseTemplate(), "a.json": manifest });
    const [p, ...rest] = problems(load(dir, "a.json"));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      pointer: "/extends",
      message: "template 'franchize' does not exist",
      hint: "available templates: franchise, group",
      source: "template",
      file: rel(path.join(dir, "a.json")),
    });
    expect(p).toMatchObject(positionOf(JSON.stringify(manifest, null, 2), '"franchize"'));
  });

  it("refuses a template cycle", () => {
    const dir = tempManifests({
      "templates/a.json": baseTemplate({ extends: "b" }),
      "templates/b.json": { extends: "a" },
      "m.json": extendingManifest("a"),
    });
    const [p] = problems(load(dir, "m.json"));
    expect(p).toMatchObject({ pointer: "/extends", source: "template", message: "template cycle: a → b → a" });
  });

  it("refuses a template that extends itself", () => {
    const dir = tempManifests({ "templates/a.json": baseTemplate({ extends: "a" }), "m.json": extendingManifest("a") });
    expect(problems(load(dir, "m.json"))[0].message).toBe("template cycle: a → a");
  });

  it("refuses an 'extends' that is not a template name", () => {
    const dir = tempManifests({ "m.json": extendingManifest("../secrets") });
    expect(problems(load(dir, "m.json"))[0]).toMatchObject({
      pointer: "/extends",
      message: `'extends' must name a template in manifests/templates/, got "../secrets"`,
    });
  });

  it("reports an error in a field that comes from the template in the template file", () => {
    const template = baseTemplate();
    (template.routes["/news"].blocks[0] as any).type = "rich-txt";
    const dir = tempManifests({ "templates/base.json": template, "a.json": extendingManifest("base") });
    const [p, ...rest] = problems(load(dir, "a.json"));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      file: rel(path.join(dir, "templates/base.json")),
      pointer: "/routes/~1news/blocks/0/type",
      message: "unknown block type 'rich-txt'",
    });
    expect(p).toMatchObject(positionOf(JSON.stringify(template, null, 2), '"rich-txt"'));
  });

  it("reports an error in a field the manifest sets in the manifest file, even when the template has the key", () => {
    const manifest = extendingManifest("base", (m) => (m.wording = { enquireButton: "Ask" }));
    const template = baseTemplate({ wording: { enquireButton: "Enquire" } });
    const dir = tempManifests({ "templates/base.json": template, "a.json": manifest });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({
      file: rel(path.join(dir, "a.json")),
      pointer: "/wording/enquireButton",
      ...positionOf(JSON.stringify(manifest, null, 2), '"Ask"'),
    });
  });

  it("reports a syntax error in a template in the template file", () => {
    const dir = tempManifests({
      "templates/base.json": '{\n  "wording": {\n    "soldTag": "SOLD"\n    "newBadge": "New"\n  }\n}',
      "a.json": extendingManifest("base"),
    });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({ file: rel(path.join(dir, "templates/base.json")), line: 4, column: 5, source: "json" });
  });
});

describe("loadManifest: problems", () => {
  it("gives line:column of malformed JSON", () => {
    const dir = tempManifests({ "a.json": '{\n  "slug": "alpha",\n  "name": "Alpha"\n  "hosts": []\n}' });
    const result = load(dir, "a.json");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems[0]).toMatchObject({
      file: rel(path.join(dir, "a.json")),
      line: 4,
      column: 3,
      pointer: "",
      source: "json",
      message: "JSON syntax error: ',' expected between items",
    });
    expect(result.slug).toBe("a"); // from the file name, so its {slug}.localhost answers 503
  });

  it("refuses JSON that is not an object", () => {
    const dir = tempManifests({ "a.json": "[1, 2]" });
    expect(problems(load(dir, "a.json"))).toEqual([expect.objectContaining({ line: 1, column: 1, message: "a manifest must be a JSON object" })]);
  });

  it("puts a schema error at the exact line and column of the value", () => {
    const manifest = minimalManifest();
    manifest.routes["/about-us"].blocks = [{ type: "rich-txt" }];
    const dir = tempManifests({ "a.json": manifest });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({
      pointer: "/routes/~1about-us/blocks/0/type",
      message: "unknown block type 'rich-txt'",
      hint: "did you mean 'rich-text'?",
      source: "schema",
      ...positionOf(JSON.stringify(manifest, null, 2), '"rich-txt"'),
    });
  });

  it("puts an unknown property at its key", () => {
    const manifest = minimalManifest();
    manifest.contact.emial = "x@example.com";
    const dir = tempManifests({ "a.json": manifest });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({ pointer: "/contact/emial", message: "unknown property 'emial'", ...positionOf(JSON.stringify(manifest, null, 2), '"emial"') });
  });

  it("puts a missing required property at its parent", () => {
    const manifest = minimalManifest();
    delete manifest.contact.email;
    const dir = tempManifests({ "a.json": manifest });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({
      pointer: "/contact/email",
      message: "missing required property 'email'",
      line: positionOf(JSON.stringify(manifest, null, 2), '"contact": {').line,
    });
    expect(p.column).toBe(positionOf(JSON.stringify(manifest, null, 2), '"contact": {').column + '"contact": '.length);
  });

  it("refuses a manifest newer than the runtime at /schemaVersion", () => {
    const manifest = minimalManifest();
    manifest.schemaVersion = CURRENT_SCHEMA_VERSION + 1;
    const dir = tempManifests({ "a.json": manifest });
    const [p] = problems(load(dir, "a.json"));
    expect(p).toMatchObject({ pointer: "/schemaVersion", source: "migration" });
    expect(p.message).toMatch(/newer than this runtime/);
  });

  it("keeps the slug and hosts of an invalid manifest so its hosts can answer 503", () => {
    const manifest = minimalManifest("alpha");
    delete manifest.name;
    const dir = tempManifests({ "a.json": manifest });
    const result = load(dir, "a.json");
    expect(result).toMatchObject({ ok: false, slug: "alpha", hosts: ["www.alpha.com.au"] });
  });

  it("runs the semantic rules after the schema", () => {
    const manifest = minimalManifest();
    manifest.menus.header[0].href = "/nowhere";
    const dir = tempManifests({ "a.json": manifest });
    expect(problems(load(dir, "a.json"))).toEqual([expect.objectContaining({ source: "links-resolve", pointer: "/menus/header/0/href" })]);
  });
});

describe("loadManifest: mistakes a person makes, in words and at their place", () => {
  it("describes a logo that is neither a whole picture nor a text logo as its two choices", () => {
    const m = minimalManifest();
    m.theme.logo = { src: EXISTING_ASSET, alt: "Test Dealer" };
    const r = loadObject(m);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems.map((p) => [p.pointer, p.message])).toEqual([["/theme/logo", "needs 'src', 'alt', 'width' and 'height' (all four), or else 'text'"]]);
    m.theme.logo = { text: "Test Dealer" };
    expect(loadObject(m).ok).toBe(true);
  });

  it("says how to write a time that is not HH:MM", () => {
    const m = minimalManifest();
    m.locations[0].contact_detail.opening_hours = [{ weekday: 1, status: "Open", open: "8:00", close: "17:30" }];
    const r = loadObject(m);
    expect(r.ok ? [] : r.problems.map((p) => p.hint)).toEqual(["use 24-hour time as HH:MM, e.g. '08:00' or '17:30'"]);
  });

  it("refuses a key written twice, at the second one", () => {
    const text = JSON.stringify(minimalManifest(), null, 2).replace('"name": "Test Dealer",', '"name": "Test Dealer",\n  "name": "Other",');
    const r = loadManifest(path.join(REPO_MANIFESTS, "fixture.json"), { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC }, text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problems[0]).toMatchObject({ pointer: "/name", line: text.split("\n").findIndex((l) => l.includes('"Other"')) + 1, column: 3 });
    expect(r.problems[0].message).toMatch(/^duplicate key 'name': it is also written on line \d+/);
  });
});
