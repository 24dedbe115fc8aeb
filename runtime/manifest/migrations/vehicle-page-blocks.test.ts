import { describe, expect, it } from "vitest";
import { mergeManifest } from "../merge";
import { migrateManifest } from "./index";
import { migrateVehiclePageToBlocks, V1_DEFAULT_SECTIONS } from "./vehicle-page-blocks";

type Json = Record<string, any>;

const CARS = "/cars/[slug]";
const v1Page = (props?: Json, extra: Json = {}) => ({ type: "vehicle-page", ...(props ? { props } : {}), ...extra });
/** The vehicle-page block of a migrated manifest's car route. */
const treeOf = (m: Json, pattern = CARS) => (m.routes[pattern].blocks as Json[]).find((b) => b.type === "vehicle-page")!;
const sectionTypes = (tree: Json) => (tree.slots.sections as Json[]).map((s) => s.type);
const slotProps = (tree: Json, slot: string) => tree.slots[slot][0].props;

describe("migration 1 → 2: a manifest without a template", () => {
  const v1 = {
    schemaVersion: 1,
    slug: "dealer",
    vehiclePage: {
      sections: ["key-information", "delivery-calculator", "features", "why-buy-from-us", "similar-cars"],
      sidebarButtons: [{ action: "enquire", label: "Ask us" }, { action: "test-drive", flag: "testDrive" }, { action: "call" }],
      defaultView: "gallery",
      videoPosition: "end",
      phoneRevealed: true,
    },
    routes: {
      "/": { title: "Home", blocks: [] },
      [CARS]: {
        title: "Car",
        blocks: [
          { type: "breadcrumbs" },
          v1Page({
            breadcrumbs: "trail",
            stickyBar: { actions: ["call", "enquire"] },
            analyticsSink: "myLayer",
            twitter: true,
            pdfDownload: false,
            autoRotate: false,
            spinIntervalMs: 120,
            featuresLimit: 12,
            reserveDeposit: 500,
            deliveryTable: [{ from: "4000", to: "4199", region: "Brisbane", price: 0 }],
            whyBuyFromUs: ["Local"],
            whatsIncluded: ["Fuel"],
          }),
        ],
      },
    },
  };
  // Up to version 2: this migration's own result, whatever later migrations do.
  const out = migrateManifest(v1, undefined, 2).manifest as Json;
  const tree = treeOf(out);

  it("removes vehiclePage and stamps version 2", () => {
    expect(out.vehiclePage).toBeUndefined();
    expect(out.schemaVersion).toBe(2);
  });

  it("keeps the route's other blocks where they were", () => {
    expect(out.routes[CARS].blocks[0]).toEqual({ type: "breadcrumbs" });
    expect(out.routes[CARS].blocks[1].type).toBe("vehicle-page");
  });

  it("lists the sections in vehiclePage's order as blocks of the sections slot", () => {
    expect(sectionTypes(tree)).toEqual([
      "vehicle-key-information",
      "vehicle-delivery-calculator",
      "vehicle-features",
      "vehicle-why-buy-from-us",
      "vehicle-similar-cars",
    ]);
  });

  it("moves each prop to the block that uses it, and each setting too", () => {
    expect(tree.props).toEqual({ breadcrumbs: "trail", stickyBar: { actions: ["call", "enquire"] }, analyticsSink: "myLayer" });
    expect(tree.slots.gallery).toEqual([
      { type: "vehicle-viewer", props: { autoRotate: false, spinIntervalMs: 120, defaultView: "gallery", videoPosition: "end" } },
    ]);
    expect(tree.slots.sidebar).toEqual([
      {
        type: "vehicle-sidebar",
        props: {
          twitter: true,
          pdfDownload: false,
          buttons: [{ action: "enquire", label: "Ask us" }, { action: "test-drive", flag: "testDrive" }, { action: "call" }],
          phoneRevealed: true,
        },
      },
    ]);
    const byType = Object.fromEntries((tree.slots.sections as Json[]).map((s) => [s.type, s.props]));
    expect(byType).toEqual({
      "vehicle-key-information": {},
      "vehicle-delivery-calculator": { regions: [{ from: "4000", to: "4199", region: "Brisbane", price: 0 }] },
      "vehicle-features": { limit: 12 },
      "vehicle-why-buy-from-us": { items: ["Local"] },
      "vehicle-similar-cars": {},
    });
  });

  it("drops the props of sections the page did not show (they showed nowhere)", () => {
    expect(JSON.stringify(out)).not.toContain("Fuel");
    expect(JSON.stringify(out)).not.toContain('"deposit"');
  });

  it("gives every block a props object, so the schema fills its defaults", () => {
    for (const slot of Object.values(tree.slots) as Json[][]) for (const b of slot) expect(b.props, b.type).toEqual(expect.any(Object));
  });

  it("does not change its input", () => {
    expect(v1.vehiclePage.sections).toHaveLength(5);
    expect((v1.routes[CARS].blocks[1] as Json).slots).toBeUndefined();
  });
});

describe("migration 1 → 2: defaults and odd cases", () => {
  it("uses version 1's default section order when vehiclePage gave none, and leaves unset settings to the new schema", () => {
    const tree = treeOf(migrateVehiclePageToBlocks({ routes: { [CARS]: { title: "Car", blocks: [v1Page()] } } }));
    expect(sectionTypes(tree)).toEqual(V1_DEFAULT_SECTIONS.map((s) => `vehicle-${s}`));
    expect(tree.props).toEqual({});
    expect(slotProps(tree, "sidebar")).toEqual({});
    expect(slotProps(tree, "gallery")).toEqual({});
  });

  it("keeps the block's id and flag on the vehicle page", () => {
    const tree = treeOf(migrateVehiclePageToBlocks({ routes: { [CARS]: { title: "Car", blocks: [v1Page({}, { id: "vdp", flag: "finance" })] } } }));
    expect(tree).toMatchObject({ type: "vehicle-page", id: "vdp", flag: "finance" });
  });

  it("keeps a prop it does not know on the vehicle page, where the schema reports it", () => {
    const tree = treeOf(migrateVehiclePageToBlocks({ routes: { [CARS]: { title: "Car", blocks: [v1Page({ featuresLimt: 3 })] } } }));
    expect(tree.props).toEqual({ featuresLimt: 3 });
  });

  it("names an unknown section as a block type the schema can suggest a fix for", () => {
    const tree = treeOf(
      migrateVehiclePageToBlocks({ vehiclePage: { sections: ["key-informaton"] }, routes: { [CARS]: { title: "Car", blocks: [v1Page()] } } }),
    );
    expect(sectionTypes(tree)).toEqual(["vehicle-key-informaton"]);
  });

  it("migrates a vehicle page in another block's slot", () => {
    const out = migrateVehiclePageToBlocks({
      vehiclePage: { sections: ["features"] },
      routes: { [CARS]: { title: "Car", blocks: [{ type: "rich-text", slots: { main: [v1Page()] } }] } },
    }) as Json;
    expect(sectionTypes(out.routes[CARS].blocks[0].slots.main[0])).toEqual(["vehicle-features"]);
  });

  it("drops vehiclePage when no vehicle page uses it", () => {
    expect(migrateVehiclePageToBlocks({ vehiclePage: { sections: ["features"] }, routes: { "/": { title: "Home", blocks: [] } } })).toEqual({
      routes: { "/": { title: "Home", blocks: [] } },
    });
  });
});

describe("migration 1 → 2: a manifest extending a template", () => {
  // The template as the loader hands it over: already migrated.
  const template = migrateManifest(
    {
      schemaVersion: 1,
      vehiclePage: {
        sections: ["key-information", "dealer-comments", "features"],
        sidebarButtons: [{ action: "enquire" }, { action: "call" }],
        defaultView: "gallery",
      },
      routes: { "/": { title: "Home", blocks: [] }, [CARS]: { title: "Vehicle details", blocks: [v1Page({ featuresLimit: 10 })] } },
    },
    undefined,
    2,
  ).manifest as Json;
  const migrate = (manifest: Json) => migrateManifest({ schemaVersion: 1, extends: "base", ...manifest }, undefined, 2, { base: template }).manifest as Json;
  const merged = (manifest: Json) => mergeManifest<Json>(template, migrate(manifest));

  it("leaves the template's page alone when the manifest did not touch it", () => {
    const out = migrate({ slug: "d" });
    expect(out).toEqual({ schemaVersion: 2, extends: "base", slug: "d" });
  });

  it("applies the manifest's sections to a copy of the template's route: reordered, the template's section props kept, new ones added", () => {
    const out = migrate({ vehiclePage: { sections: ["features", "key-information", "similar-cars"] } });
    expect(Object.keys(out.routes)).toEqual([CARS]);
    const tree = treeOf(merged({ vehiclePage: { sections: ["features", "key-information", "similar-cars"] } }));
    expect(tree.slots.sections).toEqual([
      { type: "vehicle-features", props: { limit: 10 } },
      { type: "vehicle-key-information", props: {} },
      { type: "vehicle-similar-cars", props: {} },
    ]);
    // What version 1 merged key by key stays the template's.
    expect(slotProps(tree, "sidebar")).toEqual({ buttons: [{ action: "enquire" }, { action: "call" }] });
    expect(slotProps(tree, "gallery")).toEqual({ defaultView: "gallery" });
    expect(out.routes[CARS].title).toBeUndefined(); // the title still comes from the template
  });

  it("applies the manifest's sidebar and viewer settings to the template's page, and null removes the template's", () => {
    const tree = treeOf(merged({ vehiclePage: { sidebarButtons: [{ action: "finance" }], phoneRevealed: true, defaultView: null, videoPosition: "end" } }));
    expect(sectionTypes(tree)).toEqual(["vehicle-key-information", "vehicle-dealer-comments", "vehicle-features"]);
    expect(slotProps(tree, "sidebar")).toEqual({ buttons: [{ action: "finance" }], phoneRevealed: true });
    expect(slotProps(tree, "gallery")).toEqual({ videoPosition: "end" });
  });

  it("builds a manifest's own vehicle page from its props and the settings merged with the template's", () => {
    const manifest = {
      vehiclePage: { sections: ["features", "video"] },
      routes: { [CARS]: { title: "Car", blocks: [v1Page({ twitter: true, usedCarChecks: ["x"] })] } },
    };
    const tree = treeOf(merged(manifest));
    // Its own block's props only (a block list replaced the template's whole): no featuresLimit 10.
    expect(tree.slots.sections).toEqual([
      { type: "vehicle-features", props: {} },
      { type: "vehicle-video", props: {} },
    ]);
    expect(slotProps(tree, "sidebar")).toEqual({ twitter: true, buttons: [{ action: "enquire" }, { action: "call" }] });
    expect(slotProps(tree, "gallery")).toEqual({ defaultView: "gallery" });
  });

  it("takes every setting from the template when the manifest has its own block but no vehiclePage", () => {
    const tree = treeOf(merged({ routes: { [CARS]: { title: "Car", blocks: [v1Page()] } } }));
    expect(sectionTypes(tree)).toEqual(["vehicle-key-information", "vehicle-dealer-comments", "vehicle-features"]);
    expect(slotProps(tree, "sidebar")).toEqual({ buttons: [{ action: "enquire" }, { action: "call" }] });
  });

  it("resets to version 1's defaults when the manifest removes the template's vehiclePage (null)", () => {
    const tree = treeOf(merged({ vehiclePage: null }));
    expect(sectionTypes(tree)).toEqual(V1_DEFAULT_SECTIONS.map((s) => `vehicle-${s}`));
    expect(tree.slots.sections[3]).toEqual({ type: "vehicle-features", props: { limit: 10 } });
    expect(slotProps(tree, "sidebar")).toEqual({});
    expect(slotProps(tree, "gallery")).toEqual({});
  });

  it("leaves a route whose blocks the manifest replaced without a vehicle page as it is", () => {
    const out = migrate({ vehiclePage: { sections: ["features"] }, routes: { [CARS]: { title: "Car", blocks: [{ type: "breadcrumbs" }] } } });
    expect(out.routes[CARS]).toEqual({ title: "Car", blocks: [{ type: "breadcrumbs" }] });
    expect(out.vehiclePage).toBeUndefined();
  });

  it("writes nothing when the manifest's settings are the template's own", () => {
    expect(migrate({ vehiclePage: { defaultView: "gallery" } }).routes).toBeUndefined();
  });
});
