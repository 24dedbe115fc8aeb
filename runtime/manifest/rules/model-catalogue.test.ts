import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadObject, minimalManifest, REPO_MANIFESTS, schemaValidManifest, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { modelCatalogue } from "./model-catalogue";

const model = (id: number, slug: string, extra: Record<string, unknown> = {}) => ({
  id,
  slug,
  name: slug,
  full_name: `Chery ${slug}`,
  make: "Chery",
  variants: [{ id: id * 10, name: "Urban" }],
  colours: [{ id: id * 100, name: "Grey", hexCode: "#5b5f63", model_variant_name: "Urban" }],
  ...extra,
});
const check = (models: unknown[]) => modelCatalogue.check(ruleContext(schemaValidManifest((m) => (m.models = models))));

describe("rule model-catalogue", () => {
  it("accepts a catalogue that holds together", () => {
    expect(check([model(1, "omoda-5"), model(2, "tiggo-9", { status: "coming_soon" })])).toEqual([]);
  });

  it("refuses a model slug or id used twice", () => {
    expect(check([model(1, "omoda-5"), { ...model(1, "omoda-5"), variants: [{ id: 99, name: "Urban" }] }])).toEqual([
      { pointer: "/models/1/slug", message: "model slug 'omoda-5' is used twice" },
      { pointer: "/models/1/id", message: "model id 1 is used twice" },
    ]);
  });

  it("refuses a variant id used twice", () => {
    expect(check([model(1, "a"), model(2, "b", { variants: [{ id: 10, name: "Urban" }] })])).toEqual([
      { pointer: "/models/1/variants/0/id", message: "variant id 10 is used twice" },
    ]);
  });

  it("refuses a colour naming a variant its model does not have", () => {
    expect(check([model(1, "a", { colours: [{ id: 1, name: "Red", hexCode: "#aa0000", model_variant_name: "GT" }] })])).toEqual([
      { pointer: "/models/0/colours/0/model_variant_name", message: "colour 'Red' names variant 'GT', which a does not have", hint: "variants: Urban" },
    ]);
  });

  it("the schema refuses a colour without a six-digit hex code and an unknown status", () => {
    const result = loadObject({ ...minimalManifest(), models: [model(1, "a", { status: "soon", colours: [{ id: 1, name: "Red", hexCode: "red" }] })] });
    expect(result.ok).toBe(false);
    const pointers = result.ok ? [] : result.problems.map((p) => p.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/models/0/status", "/models/0/colours/0/hexCode"]));
  });

  it("the sample catalogues load: the Chery models, a coming_soon model and one with group tabs", () => {
    const chery = loadObject(
      JSON.parse(readFileSync(path.join(REPO_MANIFESTS, "sunshine-chery.json"), "utf8")),
      path.join(REPO_MANIFESTS, "sunshine-chery.json"),
    );
    const harbour = loadObject(
      JSON.parse(readFileSync(path.join(REPO_MANIFESTS, "harbour-motor-group.json"), "utf8")),
      path.join(REPO_MANIFESTS, "harbour-motor-group.json"),
    );
    if (!chery.ok || !harbour.ok) throw new Error("sample manifests do not load");
    const models = chery.manifest.models ?? [];
    expect(models.map((m) => m.slug)).toEqual(expect.arrayContaining(["omoda-5", "omoda-5-fx", "tiggo-4-pro", "tiggo-7-pro"]));
    expect(models.filter((m) => m.status === "coming_soon").length).toBeGreaterThan(0);
    expect(models.find((m) => m.slug === "tiggo-7-pro")?.variants.map((v) => v.driveaway_price)).toEqual([39990, 41990, 45990]);
    const hilux = harbour.manifest.models?.find((m) => m.slug === "hilux");
    expect(hilux?.colours?.length).toBeGreaterThan(15);
    expect(new Set(hilux?.colours?.map((c) => c.oem_id)).size).toBeGreaterThanOrEqual(3);
  });
});
