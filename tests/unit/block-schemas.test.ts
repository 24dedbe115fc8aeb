import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { listBlockTypes } from "../../scripts/lib/generated-files";

type Json = Record<string, any>;
const root = process.cwd();

/** Every field, nested ones included, with its JSON pointer. */
function fields(node: Json, at = ""): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Json>)) {
    out.push([`${at}/${name}`, child], ...fields(child, `${at}/${name}`));
    if (child.items) out.push(...fields(child.items, `${at}/${name}/items`));
  }
  return out;
}

// One check for every block's props schema, so editors can explain every field and the
// examples and defaults onboarding staff copy are themselves valid.
describe.each(listBlockTypes(root))("blocks/%s/schema.json", (type) => {
  const schema = JSON.parse(readFileSync(path.join(root, "blocks", type, "schema.json"), "utf8")) as Json;
  const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
  (addFormats as any)(ajv);

  it("has a title and description on the schema and on every field, and closes every object", () => {
    expect(schema.title, "schema title").toMatch(/Props$/);
    expect(schema.description, "schema description").toBeTruthy();
    expect(schema.additionalProperties).toBe(false);
    for (const [pointer, field] of fields(schema)) {
      expect(field.description, `${pointer} needs a description`).toBeTruthy();
      if (field.type === "object" && field.properties) expect(field.additionalProperties, `${pointer} must be closed`).toBe(false);
    }
  });

  it("accepts its own examples and defaults", () => {
    const validate = ajv.compile({ ...schema, $schema: undefined });
    for (const example of schema.examples ?? []) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    for (const [pointer, field] of fields(schema)) {
      const sub = ajv.compile({ ...field, $schema: undefined });
      for (const value of [...("default" in field ? [field.default] : []), ...(field.examples ?? [])]) expect(sub(value), `${pointer}: ${JSON.stringify(value)} ${JSON.stringify(sub.errors)}`).toBe(true);
    }
  });
});
