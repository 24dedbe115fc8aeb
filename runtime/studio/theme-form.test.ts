import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fieldsOf } from "./form";
import { kindFieldName, valueFromForm } from "./theme-form";

type Json = Record<string, unknown>;
const composed = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "..", "..", "schemas", "manifest.schema.json"), "utf8")) as {
  $defs: Record<string, Json>;
};
const fields = fieldsOf(composed.$defs.theme, composed.$defs);
const dealer = {
  extends: "dealer-base",
  theme: { colors: { primary: "#0b4f9c", primaryContrast: "#ffffff" }, logo: { text: "Coast Kia" } },
};
const templates = [{ name: "dealer-base", value: { theme: { colors: { accent: "#c8102e" }, radius: "4px" } } }];
/** What the plain form posts when nothing is touched: every field's shown text (the file's, else the template's, else the default). */
const untouched: Record<string, string> = {
  "/theme/colors/primary": "#0b4f9c",
  "/theme/colors/primaryContrast": "#ffffff",
  "/theme/colors/accent": "#c8102e",
  "/theme/colors/background": "#ffffff",
  "/theme/radius": "4px",
  "/theme/buttonStyle": "solid",
  "/theme/fonts/heading": "inter",
  [kindFieldName("/theme/logo")]: "1",
  "/theme/logo/text": "Coast Kia",
  "/theme/logo/src": "",
  "/theme/logo/alt": "",
  "/theme/logo/width": "",
  "/theme/logo/height": "",
};
const read = (post: Record<string, string>) => valueFromForm(dealer, fields, ["theme"], templates, (k) => post[k]);

describe("the theme's plain form read back", () => {
  it("changes nothing when every field is posted as it was shown, so a template's or a default's value is never copied into the file", () => {
    const r = read(untouched);
    expect(r.changed).toEqual([]);
    expect(r.refused).toEqual({});
    expect(r.value).toEqual(dealer);
  });

  it("writes the fields typed in, parsed to the schema's types, and leaves an emptied optional field out", () => {
    const r = read({
      ...untouched,
      "/theme/colors/primary": "#123456",
      "/theme/colors/accent": "#00aa00",
      "/theme/buttonStyle": "pill",
      "/theme/colors/background": "",
    });
    expect(r.changed).toEqual(["/theme/colors/primary", "/theme/colors/accent", "/theme/colors/background", "/theme/buttonStyle"]);
    expect(r.value).toMatchObject({ theme: { colors: { primary: "#123456", accent: "#00aa00" }, buttonStyle: "pill" } });
    expect((r.value as { theme: { colors: Json } }).theme.colors).not.toHaveProperty("background");
  });

  it("switches the logo to a picture from the picture's own fields, dropping the text", () => {
    const r = read({
      ...untouched,
      [kindFieldName("/theme/logo")]: "0",
      "/theme/logo/src": "/api/media/dealers/coast-kia/logo-ab12.png",
      "/theme/logo/alt": "Coast Kia",
      "/theme/logo/width": "200",
      "/theme/logo/height": "47",
    });
    expect((r.value as { theme: Json }).theme.logo).toEqual({ src: "/api/media/dealers/coast-kia/logo-ab12.png", alt: "Coast Kia", width: 200, height: 47 });
    expect(r.changed).toEqual(["/theme/logo"]);
  });

  it("holds back text a field cannot take, saying why at its pointer", () => {
    const r = read({
      ...untouched,
      [kindFieldName("/theme/logo")]: "0",
      "/theme/logo/src": "/logo.png",
      "/theme/logo/alt": "Coast",
      "/theme/logo/width": "wide",
    });
    expect(r.refused).toEqual({ "/theme/logo/width": { raw: "wide", error: "Enter a number." } });
  });

  it("refuses a choice a select does not offer", () => {
    expect(read({ ...untouched, "/theme/buttonStyle": "sparkly" }).refused["/theme/buttonStyle"]?.error).toBe("Choose one of: solid, outline, pill.");
  });
});
