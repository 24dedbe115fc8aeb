import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest, REPO_MANIFESTS, REPO_PUBLIC } from "../../../tests/helpers/manifest-fixture";
import { goLiveProblems, templateBase } from "./check-file";
import { placesByPostcode } from "../postcode-places";
import { runGoLiveCheck } from "./run";
import { goLiveContext } from "../../../tests/helpers/go-live-context";
import { stockCar, testStockDir, writeStockFile } from "../../../tests/helpers/stock-dir";

const file = path.join(REPO_MANIFESTS, "fixture.json");
const options = { manifestsDir: REPO_MANIFESTS, publicDir: REPO_PUBLIC };

function checked(edit: (m: Record<string, any>) => void) {
  const raw = minimalManifest();
  edit(raw);
  const text = JSON.stringify(raw, null, 2);
  const loaded = loadObject(raw, file);
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join("\n"));
  return { text, problems: goLiveProblems(file, text, loaded.manifest, options) };
}
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

describe("the go-live check of a manifest file", () => {
  it("lists blocking problems first and locates each in the dealer's own file", () => {
    const { text, problems } = checked((m) => {
      m.$schema = "../schemas/manifest.schema.json";
      m.locations[0].address = { street: "12 River Street", city: "Ballina", state: "nsw", postcode: "2478" };
      m.locations[0].time_zone = "Australia/Brisbane";
    });
    expect(problems[0]).toMatchObject({ source: "lead-destination", goLive: "blocking", severity: "warning", file: path.relative(process.cwd(), file) });
    const zone = problems.find((p) => p.source === "time-zone-state")!;
    expect(zone).toMatchObject({ line: lineOf(text, '"time_zone"'), goLive: "warning" });
    expect(problems.some((p) => p.source === "address-postcode")).toBe(false);
  });

  it("reads the real postcode data: Ballina is not in QLD", () => {
    const { problems } = checked((m) => (m.locations[0].address = { street: "12 River Street", city: "Ballina", state: "qld", postcode: "2478" }));
    expect(problems.find((p) => p.source === "address-postcode")?.message).toContain("Postcode 2478 is in NSW, not QLD.");
  });

  it("compares inherited pages with the template's own text (privacy and terms from dealer-base; the fixture's own About page is not the template's)", () => {
    const { problems } = checked((m) => (m.extends = "dealer-base"));
    expect(problems.filter((p) => p.source === "placeholder-pages").map((p) => p.pointer)).toEqual([
      "/routes/~1terms-and-conditions",
      "/routes/~1privacy-policy",
    ]);
  });

  it("merges a template chain from the root template down, and an edited template's text wins over its file", () => {
    const base = templateBase("child", {
      manifestsDir: REPO_MANIFESTS,
      templateText: (n) => (n === "child" ? JSON.stringify({ extends: "dealer-base", name: "Child" }) : undefined),
    });
    expect(base).toMatchObject({ name: "Child", routes: expect.objectContaining({ "/privacy-policy": expect.anything() }) });
    expect(templateBase(undefined, { manifestsDir: REPO_MANIFESTS })).toBeNull();
  });

  it("runs the rules in order, blocking ones first", () => {
    const found = runGoLiveCheck(goLiveContext((m) => (m.hosts = [])));
    expect(found.slice(0, 2).map((p) => p.rule)).toEqual(["lead-destination", "hosts"]);
    expect(found.slice(2).every((p) => p.severity === "warning")).toBe(true);
  });

  it("keeps every state and suburb of a postcode, once each", () => {
    const places = placesByPostcode([
      { postcode: "2620", locality: "Queanbeyan", state: "NSW" },
      { postcode: "2620", locality: "Hume", state: "ACT" },
      { postcode: "2620", locality: "Hume", state: "ACT" },
    ]);
    expect(places.get("2620")).toEqual([
      { locality: "Queanbeyan", state: "NSW" },
      { locality: "Hume", state: "ACT" },
    ]);
  });
});

describe("the go-live check's stock", () => {
  // The check reads the stock folder the site serves (STOCK_DIR when set), not always .data/stock.
  testStockDir("go-live-stock", (dir) => writeStockFile(dir, "fixture", [stockCar(1, 1, { photos_count: 1 }), stockCar(2, 1)]));

  it("counts the dealer's cars hidden for too few photos in the stock folder the site serves", () => {
    const { problems } = checked(() => {});
    expect(problems.find((p) => p.source === "photo-threshold")?.message).toMatch(/^1 of the dealer's 2 cars in stock is hidden/);
  });
});
