import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { Field } from "../../form";
import { FormCtx, type FormContext } from "../form-context";
import { FieldList } from "./FieldList";

const f = (name: string, kind: Field["kind"], over: Partial<Field> = {}): Field => ({
  name,
  path: [name],
  kind,
  label: name,
  help: `${name} help`,
  required: false,
  ...over,
});
const ctx = (over: Partial<FormContext> = {}): FormContext => ({
  value: {},
  templates: [],
  pictures: [{ path: "/img/a.jpg" } as FormContext["pictures"][number]],
  warnings: [],
  pending: {},
  fieldErrors: {},
  onChange: async () => undefined,
  onSet: async () => false,
  ...over,
});
const html = (fields: Field[], props: Record<string, unknown>, c: FormContext = ctx()) =>
  renderToStaticMarkup(
    <FormCtx.Provider value={c}>
      <FieldList fields={fields} props={props} basePath={["theme"]} />
    </FormCtx.Provider>,
  );

describe("the studio's field kinds", () => {
  it("draws each kind with its own control", () => {
    const out = html(
      [
        f("title", "string", { required: true }),
        f("body", "text"),
        f("count", "integer", { minimum: 1, maximum: 9 }),
        f("price", "number"),
        f("brand", "color"),
        f("href", "link"),
        f("logo", "picture", { pictureRatio: "4:3" }),
        f("dark", "boolean"),
        f("size", "enum", { options: ["s", "m"] }),
        f("tags", "string-list"),
        f("raw", "other"),
      ],
      { title: "Hi", body: "Para", count: 3, brand: "#112233", logo: "/img/a.jpg", dark: true, size: "m", tags: ["x", "y"], raw: { a: 1 } },
    );
    expect(out).toMatch(/<label for="f_2ftheme_2ftitle">title \(required\)<\/label><input id="f_2ftheme_2ftitle"[^>]*type="text"[^>]*value="Hi"/);
    expect(out).toMatch(/<textarea[^>]*rows="4">Para<\/textarea>/);
    expect(out).toMatch(/type="number" step="1" min="1" max="9"[^>]*value="3"/);
    expect(out).toMatch(/id="f_2ftheme_2fprice"[^>]*type="number" step="any"/);
    expect(out).toContain('<span class="studio-swatch" style="background:#112233" aria-hidden="true"></span>');
    expect(out).toMatch(/id="f_2ftheme_2fhref"[^>]*list="studio-links"/);
    expect(out).toContain("Choose a picture for logo");
    expect(out).toContain("Shown at 4 : 3 (width : height)");
    expect(out).toMatch(/<input type="checkbox" id="f_2ftheme_2fdark"[^>]*checked=""/);
    expect(out).toMatch(/<option value="">\(none\)<\/option><option value="s">s<\/option><option value="m" selected="">m<\/option>/);
    expect(out).toContain('aria-label="Move item 2 down" disabled=""');
    expect(out).toContain("Edited in the manifest file for now. Currently: {&quot;a&quot;:1}");
  });

  it("draws a group's, a union's chosen variant's and each list item's own fields", () => {
    const out = html(
      [
        f("hours", "group", { fields: [f("open", "string", { path: ["hours", "open"] })] }),
        f("cta", "union", {
          variants: [
            { label: "A link", required: ["href"], fields: [f("href", "link", { path: ["cta", "href"] })], start: { href: "/" } },
            { label: "A phone", required: ["phone"], fields: [f("phone", "string", { path: ["cta", "phone"] })], start: { phone: "" } },
          ],
        }),
        f("slides", "object-list", { itemFields: [f("title", "string")], itemLabelKey: "title" }),
      ],
      { hours: { open: "9am" }, cta: { phone: "07" }, slides: [{ title: "Sale" }] },
    );
    expect(out).toMatch(/<legend>hours<\/legend>.*value="9am"/);
    expect(out).toMatch(/<option value="1" selected="">A phone<\/option>/);
    expect(out).toMatch(/id="f_2ftheme_2fcta_2fphone"[^>]*value="07"/);
    expect(out).toContain('<summary data-focus="/theme/slides/0:item">slides 1: Sale</summary>');
    expect(out).toMatch(/id="f_2ftheme_2fslides_2f0_2ftitle"[^>]*value="Sale"/);
    expect(out).toContain('data-focus="/theme/slides:add">Add to slides</button>');
  });

  it("shows a refused input as typed with its message, and the field's warning, tied to the input", () => {
    const out = html(
      [f("title", "string")],
      { title: "Hi" },
      ctx({
        pending: { "/theme/title": { raw: "H!", messages: ["Too short."] } },
        warnings: [{ pointer: "/theme/title", message: "Odd", line: 1, column: 1 }],
      }),
    );
    expect(out).toContain('aria-describedby="f_2ftheme_2ftitle-help f_2ftheme_2ftitle-error f_2ftheme_2ftitle-warning" aria-invalid="true"');
    expect(out).toContain('value="H!"');
    expect(out).toContain('<p id="f_2ftheme_2ftitle-error" class="studio-error">Too short.</p>');
    expect(out).toContain("Warning: Odd");
  });

  it("marks a value from the template with Override, and the dealer's own value over a template's with Reset", () => {
    const templates = [{ name: "base", value: { theme: { title: "From base", tagline: "Base line" } } }];
    const out = html([f("title", "string"), f("tagline", "string")], { tagline: "Mine" }, ctx({ value: { theme: { tagline: "Mine" } }, templates }));
    expect(out).toMatch(/id="f_2ftheme_2ftitle"[^>]*value="From base"/);
    expect(out).toContain("From template base");
    expect(out).toContain('aria-label="Override title"');
    expect(out).toContain("This dealer&#x27;s own value (template base has Base line)");
    expect(out).toContain('aria-label="Reset tagline to template"');
  });

  it("marks what is still to fill at its field, at a list's own item, with Duplicate on each object item", () => {
    const out = html(
      [
        f("name", "string", { required: true }),
        f("hosts", "string-list"),
        f("slides", "object-list", { itemFields: [f("title", "string")], itemLabelKey: "title" }),
      ],
      { hosts: ["a.example", ""], slides: [{ title: "Sale" }] },
      ctx({ fieldErrors: { "/theme/name": ['Fill in "name": it is needed here.'], "/theme/hosts/1": ["Use a domain name."] } }),
    );
    expect(out).toMatch(/id="f_2ftheme_2fname"[^>]*aria-describedby="f_2ftheme_2fname-help f_2ftheme_2fname-error" aria-invalid="true"/);
    expect(out).toContain('<p id="f_2ftheme_2fname-error" class="studio-error">Fill in &quot;name&quot;: it is needed here.</p>');
    expect(out).toMatch(/<input id="f_2ftheme_2fhosts_2f1" aria-invalid="true" aria-describedby="f_2ftheme_2fhosts_2f1-error" value=""/);
    expect(out).not.toMatch(/id="f_2ftheme_2fhosts_2f0"[^>]*aria-invalid/);
    expect(out).toContain('aria-label="Duplicate slides 1: Sale"');
  });

  it("shows a day stored as a number by its name, the number kept as the option's value", () => {
    const out = html([f("weekday", "enum", { required: true, options: [0, 1, 2], optionLabels: ["Sunday", "Monday", "Tuesday"] })], { weekday: 1 });
    expect(out).toContain('<option value="0">Sunday</option><option value="1" selected="">Monday</option>');
  });
});

describe("a list whose items are of several shapes (the dealer's lead destinations)", () => {
  it("gives each item a kind select, Email or Webhook, and an email address an email input", async () => {
    const { readFileSync } = await import("node:fs");
    const { fieldOf } = await import("../../form");
    const composed = JSON.parse(readFileSync("schemas/manifest.schema.json", "utf8"));
    const forms = fieldOf("forms", composed.properties.forms, composed.$defs, ["forms"], false);
    const destinations = forms.fields!.find((x) => x.name === "destinations")!;
    const value = {
      forms: {
        destinations: [
          { id: "sales-email", email: "sales@dealer.example" },
          { id: "crm", url: "https://crm.example", secretEnv: "LEADS_CRM" },
        ],
      },
    };
    const out = renderToStaticMarkup(
      <FormCtx.Provider value={ctx({ value })}>
        <FieldList fields={[destinations]} props={value} basePath={[]} />
      </FormCtx.Provider>,
    );
    expect(out).toContain('<label for="f_2fforms_2fdestinations_2f0-kind">Kind of destination</label>');
    expect(out).toMatch(/id="f_2fforms_2fdestinations_2f0-kind"[^>]*><option value="0" selected="">Email<\/option><option value="1">Webhook<\/option>/);
    expect(out).toMatch(/id="f_2fforms_2fdestinations_2f1-kind"[^>]*><option value="0">Email<\/option><option value="1" selected="">Webhook<\/option>/);
    expect(out).toMatch(
      /<label for="f_2fforms_2fdestinations_2f0_2femail">Email address \(required\)<\/label><input id="f_2fforms_2fdestinations_2f0_2femail"[^>]*type="email"[^>]*value="sales@dealer.example"/,
    );
    expect(out).toMatch(/id="f_2fforms_2fdestinations_2f1_2furl"[^>]*>https:\/\/crm.example</);
    expect(out).toContain('data-focus="/forms/destinations:add">Add to Destinations</button>');
  });
});
