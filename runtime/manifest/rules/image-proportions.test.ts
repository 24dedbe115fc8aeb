import path from "node:path";
import { describe, expect, it } from "vitest";
import { ruleContext, schemaValidManifest } from "../../../tests/helpers/manifest-fixture";
import { pictureSlots } from "../../generated/picture-slots";
import { imageProportions } from "./image-proportions";

const sizes: Record<string, { width: number; height: number }> = {
  "/promos/wide.png": { width: 1920, height: 540 },
  "/promos/square.png": { width: 800, height: 800 },
};
const imageSize = (abs: string) => sizes["/" + path.relative(ruleContext(schemaValidManifest()).publicDir, abs).split(path.sep).join("/")] ?? null;

describe("rule image-proportions", () => {
  it("reads the slots' proportions from the schema", () => {
    expect(pictureSlots).toContainEqual({ def: "tile", path: ["image"], ratio: [1920, 540] });
  });

  it("warns at a tile picture whose proportions are not its slot's, with a size to crop to", () => {
    const manifest = schemaValidManifest((m) => {
      m.tiles = [
        { id: "a", title: "A", image: "/promos/wide.png" },
        { id: "b", title: "B", image: "/promos/square.png" },
        { id: "c", title: "C", image: "https://example.com/x.png" },
      ];
    });
    expect(imageProportions.check({ ...ruleContext(manifest), imageSize })).toEqual([
      {
        pointer: "/tiles/1/image",
        severity: "warning",
        message: "the picture '/promos/square.png' is 800×800, but this place shows pictures at 1920:540: it will be cropped or boxed",
        hint: "crop it to 1920:540 (for example 800×225 pixels)",
      },
    ]);
  });

  it("checks block pictures too (promo cards are 16:9), and says nothing when pictures are not read", () => {
    const manifest = schemaValidManifest((m) => {
      m.routes["/"].blocks = [
        { type: "promo-cards", props: { cards: [{ heading: "H", text: "T", image: "/promos/square.png", href: "/", linkLabel: "Go" }] } },
      ];
    });
    expect(imageProportions.check({ ...ruleContext(manifest), imageSize }).map((p) => p.pointer)).toEqual(["/routes/~1/blocks/0/props/cards/0/image"]);
    expect(imageProportions.check(ruleContext(manifest))).toEqual([]);
  });
});
