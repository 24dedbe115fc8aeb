import { describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import schema from "./schema.json";

type Json = Record<string, any>;

/** Optional fields that must not have a default (the validator fills defaults in, see the schema). */
const NO_DEFAULT: string[] = [];

/** Every field, nested ones included, with its JSON pointer. */
function fields(node: Json, at = ""): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, Json>)) {
    out.push([`${at}/${name}`, child], ...fields(child, `${at}/${name}`));
    if (child.items) out.push(...fields(child.items, `${at}/${name}/items`));
  }
  return out;
}

describe(`${schema.title} schema`, () => {
  const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
  (addFormats as any)(ajv);
  const validate = ajv.compile(schema);

  it("documents every field with title, description, default (where one is safe) and examples, and closes every object", () => {
    for (const [pointer, field] of fields(schema as Json)) {
      for (const key of ["title", "description", "examples"]) expect(field, `${pointer} needs ${key}`).toHaveProperty(key);
      if (NO_DEFAULT.includes(pointer)) expect(field, `${pointer} must not have a default`).not.toHaveProperty("default");
      else expect(field, `${pointer} needs a default`).toHaveProperty("default");
      if (field.type === "object") expect(field.additionalProperties, `${pointer} must be closed`).toBe(false);
    }
    expect(schema.additionalProperties).toBe(false);
  });

  it("accepts its own examples and defaults", () => {
    for (const example of schema.examples) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    for (const [pointer, field] of fields(schema as Json)) {
      const sub = ajv.compile({ ...field, $schema: undefined });
      for (const value of [...("default" in field ? [field.default] : []), ...field.examples]) expect(sub(value), `${pointer}: ${JSON.stringify(value)} ${JSON.stringify(sub.errors)}`).toBe(true);
    }
  });
});
