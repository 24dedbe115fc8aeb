import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fieldOf, fieldsOf, labelOf, newBlockProps, parseInput, shownOptions, startOf, variantIndex } from "./form";

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
      ["cards", "object-list"],
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

describe("lists of objects, unions, links and pictures", () => {
  const composed = JSON.parse(readFileSync(path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8"));
  const defs = composed.$defs;

  it("labels the theme's two font choices apart, never by the type's name", () => {
    const theme = composed.properties.theme.$ref ? defs[composed.properties.theme.$ref.split("/").pop()] : composed.properties.theme;
    const fonts = fieldsOf(theme, defs).find((f) => f.name === "fonts");
    const labels = (fonts?.fields ?? []).map((f) => f.label);
    expect(labels).toEqual(["Heading font", "Body font"]);
  });

  it("gives a list of objects its item's fields, a label key and what a new item starts with", () => {
    const ctas = fieldsOf(defs["block-hero"], defs).find((x) => x.name === "ctas");
    expect(ctas).toMatchObject({
      kind: "object-list",
      itemLabelKey: "label",
      newItem: { label: "Browse stock", href: "/search/new-used-and-demo-cars", style: "primary" },
    });
    expect(ctas?.itemFields?.map((f) => [f.path.join("."), f.kind])).toEqual([
      ["label", "string"],
      ["href", "link"],
      ["style", "enum"],
    ]);
    // Opening hours: a list inside a group inside a list (a location's contact details).
    const hours = fieldOf("locations", composed.properties.locations, defs, ["locations"], false)
      .itemFields?.find((f) => f.name === "contact_detail")
      ?.fields?.find((f) => f.name === "opening_hours");
    expect(hours?.kind).toBe("object-list");
    expect(hours?.itemFields?.map((f) => f.name)).toEqual(["weekday", "status", "formated_hours", "open", "close"]);
    expect(hours?.newItem).toEqual({ weekday: 0 });
  });

  it("makes a union a choice of variants, each with its fields, and tells which variant a value is", () => {
    const logo = fieldsOf(defs.theme, defs).find((x) => x.name === "logo");
    expect(logo?.kind).toBe("union");
    expect(logo?.variants?.map((v) => v.required)).toEqual([["src", "alt", "width", "height"], ["text"]]);
    expect(logo?.variants?.[1].fields.map((f) => f.path.join("."))).toEqual(["logo.text"]);
    expect(logo?.variants?.[0].fields.find((f) => f.name === "src")?.kind).toBe("picture");
    expect(logo?.variants?.map((v) => v.label)).toEqual(["Picture", "Text logo"]);
    expect(variantIndex(logo!.variants!, { text: "Sunshine" })).toBe(1);
    expect(variantIndex(logo!.variants!, { src: "/a.svg", alt: "", width: 1, height: 1 })).toBe(0);
    expect(variantIndex(logo!.variants!, undefined)).toBe(0);
    expect(logo?.variants?.[1].start).toEqual({ text: "Sunshine Chery" });
  });

  it("makes each item of a list of several shapes a choice of kind: a lead destination is an Email or a Webhook", () => {
    const destinations = fieldOf("destinations", composed.properties.forms, defs, ["forms"], false).fields?.find((f) => f.name === "destinations");
    expect(destinations?.kind).toBe("object-list");
    expect(destinations?.itemLabelKey).toBe("id");
    expect(destinations?.newItem).toEqual({});
    const [item] = destinations?.itemFields ?? [];
    expect(destinations?.itemFields).toHaveLength(1);
    expect(item).toMatchObject({ kind: "union", path: [], label: "Destination" });
    expect(item.variants?.map((v) => v.label)).toEqual(["Email", "Webhook"]);
    expect(item.variants?.[0].fields.map((f) => [f.name, f.kind, f.label])).toEqual([
      ["id", "string", "Id"],
      ["email", "string", "Email address"],
      ["categories", "string-list", "Categories"],
      ["unclaimedOnly", "boolean", "Only enquiries no other destination takes"],
    ]);
    expect(item.variants?.[0].fields.find((f) => f.name === "email")?.format).toBe("email");
    expect(item.variants?.[1].required).toEqual(["id", "url", "secretEnv"]);
    // A new destination starts as an email; one with a url is a webhook.
    expect(variantIndex(item.variants!, destinations?.newItem)).toBe(0);
    expect(variantIndex(item.variants!, { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" })).toBe(1);
    expect(variantIndex(item.variants!, { id: "sales", email: "sales@dealer.example" })).toBe(0);
  });

  it("makes href fields links and asset fields pictures with their slot's proportions", () => {
    const tile = fieldOf("tiles", composed.properties.tiles, defs, ["tiles"], false);
    expect(tile.itemFields?.find((f) => f.name === "href")?.kind).toBe("link");
    expect(tile.itemFields?.find((f) => f.name === "image")).toMatchObject({ kind: "picture", pictureRatio: "1920:540" });
    expect(tile.itemLabelKey).toBe("title");
  });

  it("starts a new location as a to-do: its address an object to fill, no example taken for the dealer's data", () => {
    const locations = fieldOf("locations", composed.properties.locations, defs, ["locations"], false);
    const item = locations.newItem!;
    expect(item.address).toEqual({});
    expect(item.contact_detail).toEqual({});
    for (const k of ["id", "name", "slug", "dealership_id"]) expect(item).not.toHaveProperty(k);
    // A holiday starts empty: its date and whether it is open are left to fill.
    expect(locations.itemFields?.find((f) => f.name === "special_hours")?.newItem).toEqual({});
  });

  it("shows a weekday number by its name and keeps the number", () => {
    const hours = fieldOf("locations", composed.properties.locations, defs, ["locations"], false)
      .itemFields?.find((f) => f.name === "contact_detail")
      ?.fields?.find((f) => f.name === "opening_hours");
    const weekday = hours?.itemFields?.find((f) => f.name === "weekday");
    expect(weekday).toMatchObject({ kind: "enum", options: [0, 1, 2, 3, 4, 5, 6] });
    expect(weekday?.optionLabels?.[2]).toBe("Tuesday");
    expect(parseInput(weekday!, "2")).toEqual({ value: 2 });
  });

  it("starts a new block without an example from its required fields' defaults: a rich text with no content yet", () => {
    const props = newBlockProps(defs["block-rich-text"], defs);
    expect(props).toEqual({ content: [] });
  });

  it("starts a new finance provider blank: a sample lender's rate and fees never go live as the dealer's", () => {
    const providers = fieldsOf(defs.financeSettings, defs).find((f) => f.name === "providers");
    expect(providers?.kind).toBe("object-list");
    expect(providers?.newItem).toEqual({});
  });

  it("starts an item from its required fields' defaults when it has no default or example", () => {
    expect(
      startOf(
        {
          type: "object",
          required: ["a", "n", "e", "b"],
          properties: { a: { type: "string" }, n: { type: "integer", minimum: 2 }, e: { enum: ["x", "y"] }, b: { type: "string", minLength: 1 } },
        },
        {},
      ),
    ).toEqual({
      n: 2,
    });
  });
});

describe("shownOptions", () => {
  const states = ["qld", "nsw", "wa", "QLD", "NSW", "WA"];
  it("offers a word accepted in two cases once, in capitals, unless the value is the other case", () => {
    expect(shownOptions(states, "WA")).toEqual(["QLD", "NSW", "WA"]);
    expect(shownOptions(states, undefined)).toEqual(["QLD", "NSW", "WA"]);
    expect(shownOptions(states, "wa")).toEqual(["wa", "QLD", "NSW"]);
    expect(shownOptions(["left", "center"], "left")).toEqual(["left", "center"]);
    expect(shownOptions([0, 1, 2], 1)).toEqual([0, 1, 2]);
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
    expect(parseInput({ kind: "enum", required: false, options: ["a"] }, "")).toEqual({ value: undefined });
    expect(parseInput({ kind: "enum", required: false, options: ["", "a"] }, "")).toEqual({ value: "" });
  });

  it("leaves an emptied optional text out rather than keeping empty text, and keeps a required one's to be filled", () => {
    for (const kind of ["string", "text", "color", "link", "picture"] as const)
      expect(parseInput({ kind, required: false }, ""), kind).toEqual({ value: undefined });
    expect(parseInput({ kind: "string", required: false }, " ")).toEqual({ value: " " });
    expect(parseInput({ kind: "text", required: true }, "")).toEqual({ value: "" });
  });

  it("reads a select's choice as the option of the schema's own type", () => {
    // A heading level picked from the list is the number 3, not the text "3".
    expect(parseInput({ kind: "enum", required: true, options: [1, 2, 3] }, "3")).toEqual({ value: 3 });
    expect(parseInput({ kind: "enum", required: true, options: ["3", 3] }, "3")).toEqual({ value: "3" });
    expect(parseInput({ kind: "enum", required: true, options: [1, 2] }, "7")).toEqual({ error: "Choose one of: 1, 2." });
  });

  it("starts a new block from the schema's example, and labels fields without titles", () => {
    expect(newBlockProps(schema)).toEqual({ heading: "Hi" });
    expect(newBlockProps({})).toEqual({});
    expect(labelOf("ctaLabel")).toBe("Cta label");
  });
});
