import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { listBlockTypes } from "../../scripts/lib/generated-files";

type Json = Record<string, any>;
const root = process.cwd();

/**
 * Fields, by block, that must NOT have a default: optional fields whose absence means something
 * (the validator fills defaults in, so a default would silently switch that meaning off), and
 * required fields of array items. Every other field must have a default.
 * ("/providerIds/items" is kept from the old per-block test; `fields` does not visit array items
 * themselves, only the fields of object items.)
 */
const NO_DEFAULT: Record<string, string[]> = {
  "enquiry-form": ["/intro", "/anchor"],
  "finance-calculator": ["/providerId", "/carPrice"],
  "finance-cta": ["/dealership", "/carId", "/carType", "/vin", "/price"],
  "finance-enquiry-form": ["/intro"],
  "finance-estimate": ["/price", "/providerId"],
  "finance-providers": ["/providerIds", "/providerIds/items"],
  hero: ["/image"],
  "multi-step-enquiry": ["/intro", "/anchor"],
  "parts-order-form": ["/intro", "/anchor"],
  "rich-text": ["/heading", "/content", "/content/items/kind", "/content/items/text", "/content/items/items"],
  "test-drive-form": ["/intro", "/anchor"],
  "trade-in-form": ["/intro", "/anchor"],
  "location-reviews": ["/location"],
  // The dealer writes every card and slide: a list of required items has nothing to default to.
  "promo-cards": ["/cards", "/cards/items/heading", "/cards/items/text", "/cards/items/image", "/cards/items/href", "/cards/items/linkLabel"],
  "warranty-carousel": ["/slides", "/slides/items/heading", "/slides/items/text", "/slides/items/href", "/slides/items/linkLabel"],
  "service-booking": ["/location"],
  // The dealer's own campaign and prizes: nothing to default to; no dates mean an open-ended campaign.
  "spin-to-win": [
    "/intro",
    "/terms",
    "/campaign",
    "/campaign/id",
    "/campaign/name",
    "/campaign/start",
    "/campaign/expiry",
    "/campaign/repeat",
    "/prizes",
    "/prizes/items/id",
    "/prizes/items/label",
    "/prizes/items/chance",
  ],
  "vehicle-delivery-calculator": ["/regions/items/from", "/regions/items/to", "/regions/items/region", "/regions/items/price"],
  "vehicle-page": ["/stickyBar", "/stickyBar/actions", "/stickyBar/scrolledActions"],
  "vehicle-sidebar": ["/buttons/items/action", "/buttons/items/label", "/buttons/items/flag", "/pdfDownload"],
};

/**
 * Blocks exempt from the per-field `title` and `examples` rule (and from schema-level examples).
 * rich-text predates the rule and was never covered by the per-block schema tests; adding them
 * would change the generated manifest schema, validators and types, so it stays exempt for now.
 * Its fields still need descriptions, and its defaults are still checked.
 */
const NO_TITLES_OR_EXAMPLES = new Set(["rich-text"]);

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
  // A block's traits are read by the generator (runtime/generated/block-traits.ts), not by validation.
  ajv.addKeyword({ keyword: "x-block-traits", schemaType: "object" });
  // A picture's proportions are read by the manifest's picture rule (runtime/generated/picture-slots.ts).
  ajv.addKeyword({ keyword: "x-picture-ratio", schemaType: "string" });
  const noDefault = NO_DEFAULT[type] ?? [];
  const documented = !NO_TITLES_OR_EXAMPLES.has(type);

  it("has a title and description on the schema, a description on every field, and closes every object", () => {
    expect(schema.title, "schema title").toMatch(/Props$/);
    expect(schema.description, "schema description").toBeTruthy();
    expect(schema.additionalProperties).toBe(false);
    for (const [pointer, field] of fields(schema)) {
      expect(field.description, `${pointer} needs a description`).toBeTruthy();
      if (field.type === "object") expect(field.additionalProperties, `${pointer} must be closed`).toBe(false);
    }
  });

  it.runIf(documented)("documents every field with a title and examples, and has examples itself", () => {
    expect(schema.examples, "schema examples").toEqual(expect.any(Array));
    for (const [pointer, field] of fields(schema)) {
      for (const key of ["title", "description", "examples"]) expect(field, `${pointer} needs ${key}`).toHaveProperty(key);
    }
  });

  it("has a default on every field except the ones listed in NO_DEFAULT, which have none", () => {
    for (const [pointer, field] of fields(schema)) {
      if (noDefault.includes(pointer)) expect(field, `${pointer} must not have a default`).not.toHaveProperty("default");
      else expect(field, `${pointer} needs a default`).toHaveProperty("default");
    }
  });

  it("accepts its own examples and defaults", () => {
    const validate = ajv.compile({ ...schema, $schema: undefined });
    for (const example of schema.examples ?? []) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    for (const [pointer, field] of fields(schema)) {
      const sub = ajv.compile({ ...field, $schema: undefined });
      for (const value of [...("default" in field ? [field.default] : []), ...(field.examples ?? [])])
        expect(sub(value), `${pointer}: ${JSON.stringify(value)} ${JSON.stringify(sub.errors)}`).toBe(true);
    }
  });
});

// The manifest's own fields (schemas/manifest.source.json and the entity and settings files it
// inlines): every field staff fill in (ids, phones, colours, addresses, hours, menus, tiles…) has a
// plain description, which editors show on hover and docs/authoring.md relies on.
describe.each([
  "schemas/manifest.source.json",
  "schemas/entities/location.schema.json",
  "schemas/entities/model.schema.json",
  "schemas/entities/part.schema.json",
  "schemas/finance-settings.schema.json",
  "schemas/forms-settings.schema.json",
  "schemas/search-settings.schema.json",
])("%s", (file) => {
  const schema = JSON.parse(readFileSync(path.join(root, file), "utf8")) as Json;
  it("has a description on every field, its definitions' fields included", () => {
    const roots: [string, Json][] = [
      ["", schema],
      ...Object.entries((schema.$defs ?? {}) as Record<string, Json>).map(([k, v]): [string, Json] => [`/$defs/${k}`, v]),
    ];
    const missing = roots.flatMap(([at, node]) => fields(node, at)).filter(([, field]) => !field.description);
    expect(missing.map(([pointer]) => pointer)).toEqual([]);
  });
});
