import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { schemaValidManifest, loadObject, minimalManifest, REPO_PUBLIC, ruleContext } from "../../../tests/helpers/manifest-fixture";
import { assetsExist } from "./assets-exist";

const check = (edit: (m: Record<string, any>) => void, fileExists: (p: string) => boolean = existsSync) =>
  assetsExist.check(ruleContext(schemaValidManifest(edit), fileExists));

describe("rule assets-exist", () => {
  it("accepts assets that exist under public/", () => {
    expect(check(() => {})).toEqual([]);
  });

  it("refuses a missing asset, with its pointer", () => {
    expect(check((m) => (m.theme.logo.src = "/brands/nope.svg"))).toEqual([
      { pointer: "/theme/logo/src", message: "asset '/brands/nope.svg' does not exist under public/", hint: "add public/brands/nope.svg or fix the path" },
    ]);
  });

  it("looks the file up under the public folder it is given", () => {
    const asked: string[] = [];
    check(
      (m) => (m.theme.favicon = "/dealers/x/favicon.svg"),
      (p) => (asked.push(p), true),
    );
    expect(asked).toContain(path.join(REPO_PUBLIC, "dealers/x/favicon.svg"));
  });

  it("does not check https URLs", () => {
    expect(
      check(
        (m) => (m.theme.logo.src = "https://cdn.example.com/logo.svg"),
        () => false,
      ),
    ).toEqual([]);
  });

  it("checks asset keys anywhere, e.g. tile images", () => {
    expect(check((m) => (m.tiles = [{ id: "t", title: "T", image: "/promos/missing.jpg" }])).map((p) => p.pointer)).toEqual(["/tiles/0/image"]);
  });

  it("refuses a path that climbs out of public/", () => {
    expect(
      check(
        (m) => (m.theme.favicon = "/../package.json"),
        () => true,
      ).map((p) => p.pointer),
    ).toEqual(["/theme/favicon"]);
  });

  it("is reported by loadManifest with the rule id", () => {
    const m = minimalManifest();
    m.theme.logo.src = "/brands/nope.svg";
    const result = loadObject(m);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([expect.objectContaining({ source: "assets-exist", pointer: "/theme/logo/src" })]);
  });
});
