import { describe, expect, it } from "vitest";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import enquiry from "@/blocks/enquiry-form/schema.json";
import multiStep from "@/blocks/multi-step-enquiry/schema.json";
import testDrive from "@/blocks/test-drive-form/schema.json";
import parts from "@/blocks/parts-order-form/schema.json";
import finance from "@/blocks/finance-enquiry-form/schema.json";
import tradeIn from "@/blocks/trade-in-form/schema.json";

type Json = Record<string, any>;
/** Optional fields without a real default (the validator fills defaults into manifests). */
const NO_DEFAULT = ["/intro", "/anchor"];
const SCHEMAS: Array<[Json, string]> = [
  [enquiry, "Enquiry form"],
  [multiStep, "Multi-step enquiry"],
  [testDrive, "Test drive form"],
  [parts, "Parts order form"],
  [finance, "Finance enquiry form"],
  [tradeIn, "Trade-in form"],
];

for (const [schema, prefix] of SCHEMAS) {
  describe(`${schema.title} schema`, () => {
    const ajv = new (Ajv2020 as any)({ strict: true, allErrors: true });
    (addFormats as any)(ajv);
    // The platform's annotation (which pages paint first), not a validation keyword.
    ajv.addKeyword({ keyword: "x-block-traits", schemaType: "object" });
    const validate = ajv.compile(schema);
    it("documents every field with a prefixed title, description, examples and a default only where real", () => {
      for (const [name, field] of Object.entries(schema.properties as Record<string, Json>)) {
        expect(field.title, name).toMatch(new RegExp(`^${prefix} `));
        for (const key of ["description", "examples"]) expect(field, `${name} needs ${key}`).toHaveProperty(key);
        if (NO_DEFAULT.includes(`/${name}`)) expect(field).not.toHaveProperty("default");
        else expect(field, `${name} needs a default`).toHaveProperty("default");
      }
      expect(schema.additionalProperties).toBe(false);
    });
    it("accepts its examples and defaults, refuses unknown props", () => {
      for (const example of schema.examples) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
      for (const field of Object.values(schema.properties as Record<string, Json>)) {
        const sub = ajv.compile({ ...field });
        for (const v of [...("default" in field ? [field.default] : []), ...field.examples]) expect(sub(v)).toBe(true);
      }
      expect(validate({ nope: 1 })).toBe(false);
    });
  });
}
