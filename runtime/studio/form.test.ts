import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fieldsOf, labelOf, newBlockProps, parseInput } from "./form";

const defs = {
  link: { type: "object", title: "Link", properties: { href: { type: "string", title: "Address" }, label: { type: "string" } }, required: ["href"] },
};
const schema = {
  type: "object",
  required: ["heading"],
  examples: [{ heading: "Hi" }],
  properties: {
    heading: { type: "string", title: "Heading", description: "The h1.", default: "Welcome" },
    align: { type: "string", enum: ["left", "center"], default: "left" },
    dark: { type: "boolean", title: "Dark", default: false },
    count: { type: "integer", minimum: 1, maximum: 12 },
    ratio: { type: "number" },
    tags: { type: "array", items: { type: "string" } },
    cta: { $ref: "#/$defs/link", description: "The button." },
    cards: { type: "array", items: { type: "object", properties: { a: { type: "string" } } } },
  },
};

describe("fieldsOf", () => {
  it("maps titles, descriptions, enums, booleans, numbers, lists of strings and nested objects", () => {
    const f = fieldsOf(schema, defs);
    expect(f.map((x) => [x.name, x.kind])).toEqual([
      ["heading", "string"],
      ["align", "enum"],
      ["dark", "boolean"],
      ["count", "integer"],
      ["ratio", "number"],
      ["tags", "string-list"],
      ["cta", "group"],
      ["cards", "other"],
    ]);
    expect(f[0]).toMatchObject({ label: "Heading", help: "The h1.", required: true, default: "Welcome" });
    expect(f[1]).toMatchObject({ label: "Align", options: ["left", "center"] });
    expect(f[3]).toMatchObject({ minimum: 1, maximum: 12 });
    expect(f[6]).toMatchObject({ label: "Link", help: "The button." });
    expect(f[6].fields?.map((x) => [x.path.join("."), x.label, x.required])).toEqual([
      ["cta.href", "Address", true],
      ["cta.label", "Label", false],
    ]);
  });

  it("describes every block's props in the composed schema without failing", () => {
    const composed = JSON.parse(readFileSync(path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8"));
    const hero = fieldsOf(composed.$defs["block-hero"], composed.$defs);
    expect(hero.find((x) => x.name === "heading")).toMatchObject({ kind: "string", label: "Hero heading" });
    const colors = fieldsOf(composed.$defs.theme, composed.$defs).find((x) => x.name === "colors");
    expect(colors?.fields?.find((x) => x.name === "primary")).toMatchObject({ kind: "color", path: ["colors", "primary"], required: true });
    for (const k of Object.keys(composed.$defs).filter((k) => k.startsWith("block-"))) expect(() => fieldsOf(composed.$defs[k], composed.$defs)).not.toThrow();
  });
});

describe("parseInput and newBlockProps", () => {
  it("reads numbers, refuses words in a number field and leaves an empty optional number out", () => {
    expect(parseInput({ kind: "integer", required: false }, "4")).toEqual({ value: 4 });
    expect(parseInput({ kind: "integer", required: false }, "4.5")).toEqual({ error: "Enter a whole number." });
    expect(parseInput({ kind: "number", required: true }, "abc")).toEqual({ error: "Enter a number." });
    expect(parseInput({ kind: "number", required: false }, "")).toEqual({ value: undefined });
    expect(parseInput({ kind: "boolean", required: false }, true)).toEqual({ value: true });
    expect(parseInput({ kind: "string", required: true }, "")).toEqual({ value: "" });
  });

  it("starts a new block from the schema's example, and labels fields without titles", () => {
    expect(newBlockProps(schema)).toEqual({ heading: "Hi" });
    expect(newBlockProps({})).toEqual({});
    expect(labelOf("ctaLabel")).toBe("Cta label");
  });
});
