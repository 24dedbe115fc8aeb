import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { addResolvedDefs, composeManifestSchema, ENTITY_SCHEMAS, schemaDefaults, SECTION_VALIDATORS } from "./generated-files";
import { blockPropsDefaults } from "../../runtime/generated/block-defaults";
import { searchSettingsDefaults, wordingDefaults } from "../../runtime/generated/defaults";

const root = process.cwd();

/** Source files of the platform, its tools and its tests (generated files and dependencies left out). */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (["node_modules", ".next", ".git", ".data", ".tmp", "generated", "test-results", "playwright-report"].includes(name)) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) sourceFiles(file, out);
    else if (/\.(ts|tsx|mjs)$/.test(name)) out.push(file);
  }
  return out;
}

describe("generated validators", () => {
  it("are each imported by code outside runtime/generated (none is generated for nothing)", () => {
    const sources = sourceFiles(root)
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const modules = [...Object.keys(SECTION_VALIDATORS), ...Object.keys(ENTITY_SCHEMAS)].map((n) => n.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()));
    expect(modules).not.toContain("validate-location");
    for (const m of modules) expect(sources, `${m}.js is generated but never imported`).toContain(`generated/${m}.js"`);
    // The manifest's, CommonJS, is loaded by Node from runtime/manifest/manifest-validator.ts.
    expect(sources).toContain(`generated/validate-manifest.cjs"`);
  });
});

describe("resolved types", () => {
  it("make every property with a default required, keep the rest optional, and share the parts without defaults", async () => {
    const defs: Record<string, any> = {
      plain: { title: "Plain", type: "object", additionalProperties: false, properties: { a: { type: "string" } } },
      section: {
        title: "Section",
        type: "object",
        additionalProperties: false,
        properties: {
          size: { type: "integer", default: 3 },
          note: { type: "string" },
          inner: { type: "object", additionalProperties: false, default: {}, properties: { on: { type: "boolean", default: true } } },
          plain: { $ref: "#/$defs/plain" },
        },
      },
    };
    const keys = addResolvedDefs(defs, { section: { $ref: "#/$defs/section" } });
    expect(defs[keys.section].required.sort()).toEqual(["inner", "size"]);
    expect(defs[keys.section].properties.plain).toBe(defs.section.properties.plain);
    const ts = await compile({ $defs: defs, type: "object", properties: {} } as any, "Root", {
      bannerComment: "",
      unreachableDefinitions: true,
      additionalProperties: false,
      format: false,
    });
    const flat = ts.replace(/\/\*\*[^]*?\*\//g, "").replace(/\s+/g, " ");
    expect(flat).toContain("export interface ResolvedSection { size: number note?: string inner: { on: boolean } plain?: Plain }");
    expect(flat).toContain("export interface Section { size?: number note?: string inner?: { on?: boolean } plain?: Plain }");
    expect(ts).not.toMatch(/ResolvedPlain/);
  });
});

describe("generated defaults", () => {
  const manifest = composeManifestSchema(root);
  const schemaOf = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

  it("are the schemas' own, so code reading them cannot drift from the schema", () => {
    expect(searchSettingsDefaults).toEqual(schemaDefaults(manifest, "searchSettings"));
    expect(wordingDefaults).toEqual(schemaDefaults(manifest, "wording"));
    const search = schemaOf("schemas/search-settings.schema.json").properties;
    for (const [key, value] of Object.entries(searchSettingsDefaults)) expect(value, key).toEqual(search[key].default);
    const tiles = schemaOf("blocks/tiles-grid/schema.json").properties;
    for (const [key, value] of Object.entries(blockPropsDefaults["tiles-grid"]!)) expect(value, key).toEqual(tiles[key].default);
  });

  it("leave out blocks that cannot be placed without props", () => {
    expect(blockPropsDefaults["rich-text"]).toBeUndefined();
  });
});

describe("composed schema", () => {
  it("gives a block placed without props an empty props object, so its defaults are filled too", () => {
    const branch = manifest().$defs.blockNode.oneOf.find((b: any) => b.properties.type.const === "tiles-grid");
    expect(branch.properties.props.default).toEqual({});
    const hero = manifest().$defs.blockNode.oneOf.find((b: any) => b.properties.type.const === "hero");
    expect(hero.properties.props.default).toBeUndefined();
  });
  function manifest() {
    return composeManifestSchema(root);
  }
});
