import { describe, expect, it } from "vitest";
import { mergeManifest } from "./merge";

describe("mergeManifest (template merge rules)", () => {
  it("merges objects key by key, recursively", () => {
    const template = { wording: { soldTag: "SOLD", newBadge: "New" }, theme: { colors: { primary: "#000000", text: "#111111" } } };
    const manifest = { wording: { newBadge: "New Arrival" }, theme: { colors: { primary: "#ff0000" } } };
    expect(mergeManifest(template, manifest)).toEqual({
      wording: { soldTag: "SOLD", newBadge: "New Arrival" },
      theme: { colors: { primary: "#ff0000", text: "#111111" } },
    });
  });

  it("keeps template keys the manifest does not mention and adds manifest-only keys", () => {
    expect(mergeManifest({ a: 1, b: { c: 2 } }, { d: 3 })).toEqual({ a: 1, b: { c: 2 }, d: 3 });
  });

  it("replaces arrays whole instead of merging them item by item", () => {
    const template = {
      menus: {
        header: [
          { label: "Home", href: "/" },
          { label: "Stock", href: "/search" },
        ],
      },
    };
    const manifest = { menus: { header: [{ label: "Bikes" }] } };
    expect(mergeManifest<any>(template, manifest).menus.header).toEqual([{ label: "Bikes" }]);
  });

  it("replaces an array with an empty array", () => {
    expect(mergeManifest<any>({ tiles: [{ id: "a" }] }, { tiles: [] }).tiles).toEqual([]);
  });

  it("replaces scalars", () => {
    expect(mergeManifest({ name: "Base", schemaVersion: 1, blog: true }, { name: "Dealer", blog: false })).toEqual({
      name: "Dealer",
      schemaVersion: 1,
      blog: false,
    });
  });

  it("lets a scalar replace an object and an object replace a scalar", () => {
    expect(mergeManifest({ a: { x: 1 }, b: "text" }, { a: "flat", b: { y: 2 } })).toEqual({ a: "flat", b: { y: 2 } });
  });

  it("removes a template key when the manifest sets it to null", () => {
    const out = mergeManifest<any>({ features: { finance: true, blog: true }, announcement: { text: "Hi" } }, { features: { blog: null }, announcement: null });
    expect(out).toEqual({ features: { finance: true } });
    expect("announcement" in out).toBe(false);
    expect("blog" in out.features).toBe(false);
  });

  it("drops a null for a key the template does not have", () => {
    expect(mergeManifest({ a: 1 }, { b: null })).toEqual({ a: 1 });
  });

  it("does not mutate the template or the manifest", () => {
    const template = { routes: { "/": { title: "Home", blocks: [{ type: "hero" }] } }, features: { blog: true } };
    const manifest = { routes: { "/": { title: "Welcome" } }, features: { blog: null } };
    const templateBefore = structuredClone(template);
    const manifestBefore = structuredClone(manifest);
    const out = mergeManifest<any>(template, manifest);
    out.routes["/"].blocks.push({ type: "added" });
    out.routes["/"].title = "changed";
    expect(template).toEqual(templateBefore);
    expect(manifest).toEqual(manifestBefore);
  });

  it("does not share nested objects or arrays with its inputs", () => {
    const template = { tiles: [{ id: "t" }], nested: { deep: { x: 1 } } };
    const manifest = { menus: { header: [{ label: "Home" }] } };
    const out = mergeManifest<any>(template, manifest);
    expect(out.tiles).not.toBe(template.tiles);
    expect(out.nested.deep).not.toBe(template.nested.deep);
    expect(out.menus.header).not.toBe(manifest.menus.header);
  });

  it("merges the caller's own copies to the same result without copying them again", () => {
    const make = () => ({
      template: { wording: { soldTag: "SOLD", newBadge: "New" }, menus: { header: [{ label: "Home" }] }, gone: { a: 1 }, name: "Base" },
      manifest: { wording: { newBadge: "New Arrival" }, menus: { footer: [{ label: "Privacy" }] }, gone: null, name: "Dealer" },
    });
    const copied = make();
    const owned = make();
    const result = mergeManifest<any>(owned.template, owned.manifest, { ownInputs: true });
    expect(result).toEqual(mergeManifest(copied.template, copied.manifest));
    expect(result).not.toHaveProperty("gone");
    // Parts are taken over, not copied: the template's menu and the manifest's footer are the same objects.
    expect(result.menus.header).toBe(owned.template.menus.header);
    expect(result.menus.footer).toBe(owned.manifest.menus.footer);
  });
});
