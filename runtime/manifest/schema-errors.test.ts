import { describe, expect, it } from "vitest";
import { validateManifest } from "./manifest-validator";
import { minimalManifest } from "../../tests/helpers/manifest-fixture";
import { describeSchemaErrors } from "./schema-errors";

/** Errors of the real precompiled validator for the minimal manifest after `edit`. */
function errorsFor(edit: (m: Record<string, any>) => void) {
  const m = minimalManifest();
  edit(m);
  expect(validateManifest(m)).toBe(false);
  return describeSchemaErrors((validateManifest.errors ?? []) as any);
}

/** The ajv errors for an unknown block type, as the discriminator produces them. */
function unknownBlockErrors(at: string, tag: string, types: string[]) {
  return [
    {
      instancePath: `${at}/type`,
      schemaPath: "#/properties/type/enum",
      keyword: "enum",
      params: { allowedValues: types },
      message: "must be equal to one of the allowed values",
      data: tag,
      parentSchema: { type: "string", enum: types },
    },
    {
      instancePath: at,
      schemaPath: "#/discriminator",
      keyword: "discriminator",
      params: { error: "mapping", tag: "type", tagValue: tag },
      message: 'value of tag "type" must be in oneOf',
      data: { type: tag },
      parentSchema: { properties: { type: { enum: types } } },
    },
  ] as any[];
}

describe("describeSchemaErrors", () => {
  it("names an unknown block type and suggests the near one", () => {
    const problems = describeSchemaErrors(unknownBlockErrors("/routes/~1/blocks/0", "serch-grid", ["hero", "search-grid", "site-header"]));
    expect(problems).toEqual([
      { pointer: "/routes/~1/blocks/0/type", atKey: false, message: "unknown block type 'serch-grid'", hint: "did you mean 'search-grid'?" },
    ]);
  });

  it("lists the known block types when none is near", () => {
    const [p] = describeSchemaErrors(unknownBlockErrors("/layout/header/0", "zzzzzzzz", ["hero", "search-grid"]));
    expect(p.message).toBe("unknown block type 'zzzzzzzz'");
    expect(p.hint).toBe("known block types: hero, search-grid");
  });

  it("reports an unknown block type from the real validator once, with a hint", () => {
    const problems = errorsFor((m) => (m.routes["/"].blocks[0].type = "rich-txt"));
    expect(problems).toEqual([
      { pointer: "/routes/~1/blocks/0/type", atKey: false, message: "unknown block type 'rich-txt'", hint: "did you mean 'rich-text'?" },
    ]);
  });

  it("reports an unknown block type inside a slot with the slot's pointer", () => {
    const problems = errorsFor((m) => (m.routes["/"].blocks[0].slots = { main: [{ type: "rich-txt" }] }));
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([["/routes/~1/blocks/0/slots/main/0/type", "unknown block type 'rich-txt'"]]);
  });

  it("reports an unknown property at its key, with near names as the hint", () => {
    const problems = errorsFor((m) => (m.routes["/"].blocks[0].props.hedaing = "Welcome"));
    expect(problems).toEqual([
      { pointer: "/routes/~1/blocks/0/props/hedaing", atKey: true, message: "unknown property 'hedaing'", hint: "did you mean 'heading'?" },
    ]);
  });

  it("lists the allowed properties when no name is near", () => {
    const [p] = errorsFor((m) => (m.contact.phones.zzzzzzzzzzzz = "07 3000 0000"));
    expect(p.message).toBe("unknown property 'zzzzzzzzzzzz'");
    expect(p.hint).toBe("allowed: sales, service, finance");
  });

  it("lists the allowed values of an enum and suggests the near one", () => {
    const problems = errorsFor((m) => (m.template = "franchies"));
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe("/template");
    expect(problems[0].message).toBe('must be one of: "franchise", "dealer-group", "group-portal", "motorcycle", "caravan"');
    expect(problems[0].hint).toBe("did you mean 'franchise'?");
  });

  it("gives no enum hint for a value that is not near any allowed value", () => {
    const [p] = errorsFor((m) => (m.template = "zzzzzzzzzz"));
    expect(p.hint).toBeUndefined();
  });

  it("reports a missing required property at the pointer of the property", () => {
    const problems = errorsFor((m) => delete m.name);
    expect(problems).toEqual([{ pointer: "/name", atKey: false, message: "missing required property 'name'" }]);
  });

  it("describes a wrong type with the value found", () => {
    const [p] = errorsFor((m) => (m.theme.colors.primary = 5));
    expect(p).toMatchObject({ pointer: "/theme/colors/primary", message: "must be of type string, got number 5" });
  });

  it("explains a known pattern in plain words", () => {
    const [p] = errorsFor((m) => (m.theme.colors.primary = "red"));
    expect(p.message).toBe("'red' has the wrong format");
    expect(p.hint).toBe("use a 6-digit hex colour, e.g. '#c8102e'");
  });

  it("explains a tile date in plain words", () => {
    const [p] = errorsFor((m) => (m.tiles = [{ id: "t", title: "T", start: "01/07/2025" }]));
    expect(p.pointer).toBe("/tiles/0/start");
    expect(p.message).toBe("'01/07/2025' is not a date or date-time");
  });

  it("does not repeat the same message for the same pointer", () => {
    const err = {
      instancePath: "/slug",
      schemaPath: "#/properties/slug/type",
      keyword: "type",
      params: { type: "string" },
      message: "must be string",
      data: 5,
    };
    const problems = describeSchemaErrors([err, { ...err, schemaPath: "#/other" }] as any);
    expect(problems).toHaveLength(1);
  });

  it("drops the oneOf/if wrapper errors when specific errors exist", () => {
    const problems = describeSchemaErrors([
      { instancePath: "/x", schemaPath: "#/oneOf", keyword: "oneOf", params: {}, message: "must match exactly one schema in oneOf" },
      { instancePath: "/x/y", schemaPath: "#/required", keyword: "required", params: { missingProperty: "y" }, message: "" },
    ] as any);
    expect(problems.map((p) => p.message)).toEqual(["missing required property 'y'"]);
  });

  it("has no duplicate pointer+message pairs for a manifest with several problems", () => {
    const problems = errorsFor((m) => {
      m.routes["/"].blocks[0].type = "rich-txt";
      m.routes["/about-us"].blocks = [{ type: "rich-txt" }, { type: "rich-text", props: { content: [], hedaing: "x" } }];
      m.template = "franchies";
    });
    const keys = problems.map((p) => `${p.pointer}|${p.message}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(4);
  });
});
