import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blockTraits } from "../generated/block-traits";
import { blockDocs, blocksMarkdown, propRows, typeOf } from "./block-docs";

const composed = JSON.parse(readFileSync(path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8"));
const docs = blockDocs(composed, blockTraits as Record<string, { within?: string | readonly string[] }>);

describe("block docs from the schemas", () => {
  it("describes types in a few words", () => {
    expect(typeOf({ type: "string", enum: ["a", "b"] })).toBe('one of: "a", "b"');
    expect(typeOf({ type: "integer", minimum: 1, maximum: 12 })).toBe("integer 1–12");
    expect(typeOf({ type: "array", items: { type: "object" } })).toBe("list of object");
    expect(typeOf({ $ref: "#/$defs/flagName" })).toBe("flagName");
  });

  it("lists nested fields and list items with their defaults and required marks", () => {
    const rows = propRows({
      required: ["a"],
      properties: {
        a: { type: "string", default: "x", description: "A." },
        b: { type: "array", items: { type: "object", required: ["c"], properties: { c: { type: "integer" } } } },
      },
    });
    expect(rows.map((r) => [r.name, r.required, r.default])).toEqual([
      ["a", true, '"x"'],
      ["b", false, ""],
      ["b[].c", true, ""],
    ]);
  });

  it("covers every block folder, with its description, example and where it may go", () => {
    expect(docs.length).toBe(Object.keys(composed.$defs).filter((k: string) => k.startsWith("block-")).length);
    const hero = docs.find((d) => d.type === "hero")!;
    expect(hero.description).toMatch(/hero/i);
    expect(hero.rows.map((r) => r.name)).toContain("ctas[].label");
    expect(hero.example).toHaveProperty("heading");
    expect(docs.find((d) => d.type === "vehicle-features")!.within).toEqual(["vehicle-page"]);
  });

  it("is what docs/blocks.md holds (npm run generate writes it)", () => {
    expect(readFileSync(path.join(process.cwd(), "docs", "blocks.md"), "utf8")).toBe(blocksMarkdown(docs));
  });
});
