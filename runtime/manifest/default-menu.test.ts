import { describe, expect, it } from "vitest";
import path from "node:path";
import { loadObject, minimalManifest, REPO_MANIFESTS, REPO_PUBLIC } from "../../tests/helpers/manifest-fixture";
import schema from "../../schemas/manifest.source.json";
import { menusDefaults } from "../generated/defaults";
import { headerMenu, isDefaultHeader } from "./default-menu";
import { loadManifest } from "./load";

const hrefs = (items: { href?: string }[]) => items.map((i) => i.href);

describe("the default header navigation", () => {
  it("is the schema's default for menus.header, the spec's six links", () => {
    expect(menusDefaults.header).toEqual(schema.properties.menus.properties.header.default);
    expect(hrefs(menusDefaults.header!)).toEqual(["/book-test-drive", "/service", "/finance", "/trade-in", "/vehicle-parts-and-accessories", "/contact"]);
  });

  it("is filled in when a manifest writes no header, and the manifest still loads without link or flag problems", () => {
    const raw = minimalManifest();
    delete raw.menus;
    raw.menus = { footer: [] };
    const result = loadObject(raw);
    expect(result.ok ? [] : result.problems.map((p) => p.message)).toEqual([]);
    if (!result.ok) return;
    expect(result.manifest.menus?.header).toEqual(menusDefaults.header);
    // The minimal site has none of those pages but /finance is not a route either: nothing links nowhere.
    expect(headerMenu(result.manifest)).toEqual([]);
  });

  it("keeps only the links to pages the site has and has switched on", () => {
    const manifest = {
      features: { finance: true, testDrive: false, serviceBooking: true },
      routes: {
        "/finance": { title: "Finance", flag: "finance" as const, blocks: [] },
        "/book-test-drive": { title: "Test drive", flag: "testDrive" as const, blocks: [] },
        "/service": { title: "Service", flag: "serviceBooking" as const, blocks: [] },
        "/contact": { title: "Contact", blocks: [] },
      },
    };
    expect(hrefs(headerMenu(manifest))).toEqual(["/service", "/finance", "/contact"]);
  });

  it("gives a template dealer with no header of its own every default link", () => {
    const dir = REPO_MANIFESTS;
    const raw = { ...minimalManifest("no-menu-dealer"), extends: "dealer-base" } as Record<string, unknown>;
    delete raw.menus;
    delete raw.routes;
    const result = loadManifest(path.join(dir, "no-menu-dealer.json"), { manifestsDir: dir, publicDir: REPO_PUBLIC }, JSON.stringify(raw));
    if (!result.ok) throw new Error(result.problems.map((p) => `${p.pointer} ${p.message}`).join("\n"));
    expect(hrefs(headerMenu(result.manifest))).toEqual(hrefs(menusDefaults.header!));
  });

  it("leaves a dealer's own header alone, an empty one included", () => {
    const own = [{ label: "Home", href: "/" }];
    expect(isDefaultHeader(own)).toBe(false);
    expect(headerMenu({ menus: { header: own }, routes: {}, features: {} })).toBe(own);
    expect(headerMenu({ menus: { header: [] }, routes: { "/contact": { title: "Contact", blocks: [] } }, features: {} })).toEqual([]);
  });
});
