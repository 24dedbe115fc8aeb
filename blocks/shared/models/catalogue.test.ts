import { describe, expect, it } from "vitest";
import { formatDriveaway, headlineSpecs, modelForPage, modelHref } from "./catalogue";
import type { DealerManifest, Model } from "@/runtime/generated/types";

const model = (slug: string): Model => ({ id: 1, slug, name: slug, full_name: slug, make: "Chery", variants: [{ id: 1, name: "A" }] });

describe("model catalogue helpers", () => {
  it("shows the first four specifications whose value is not null", () => {
    const specs = [
      { category: "Engine", value: "1.5L" },
      { category: "Power", value: null },
      { category: "Torque", value: "" },
      { category: "Boot", value: "340 L" },
      { category: "Seats", value: "5" },
      { category: "ANCAP", value: "5 stars" },
      { category: "Drive", value: "FWD" },
    ];
    expect(headlineSpecs({ model_specifications: specs }).map((s) => s.category)).toEqual(["Engine", "Boot", "Seats", "ANCAP"]);
  });

  it("finds the page's model from the route parameter, or a prop naming one", () => {
    const manifest = { models: [model("omoda-5"), model("tiggo-9")] } as DealerManifest;
    expect(modelForPage({ manifest, params: { model: "tiggo-9" } })?.slug).toBe("tiggo-9");
    expect(modelForPage({ manifest, params: { model: "tiggo-9" } }, "omoda-5")?.slug).toBe("omoda-5");
    expect(modelForPage({ manifest, params: { model: "nope" } })).toBeNull();
    expect(modelForPage({ manifest: {} as DealerManifest, params: { model: "omoda-5" } })).toBeNull();
  });

  it("writes paths and driveaway prices", () => {
    expect(modelHref({ slug: "omoda-5" })).toBe("/models/omoda-5");
    expect(formatDriveaway(39990)).toBe("$39,990");
  });
});

describe("model menus from the catalogue", () => {
  it("lists every model by name, linking to its page, in catalogue order", async () => {
    const { modelMenuLinks } = await import("./catalogue");
    expect(modelMenuLinks({ models: [model("tiggo-7-pro"), model("omoda-5")] })).toEqual([
      { label: "tiggo-7-pro", href: "/models/tiggo-7-pro" },
      { label: "omoda-5", href: "/models/omoda-5" },
    ]);
    expect(modelMenuLinks({})).toEqual([]);
  });
});
