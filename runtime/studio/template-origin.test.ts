import { describe, expect, it } from "vitest";
import { originOf, templateChain } from "./template-origin";

const base = { menus: { dealerColumn: true }, wording: { soldTag: "SOLD" }, routes: { "/": { title: "Home", blocks: [{ type: "hero" }] } } };
const group = { extends: "base", wording: { soldTag: "GONE", reservedTag: "HELD" } };
const templates = [
  { name: "group", value: group },
  { name: "base", value: base },
];

describe("originOf", () => {
  it("says a value the dealer leaves out comes from the nearest template that has it", () => {
    expect(originOf({ menus: {} }, templates, ["menus", "dealerColumn"])).toEqual({ from: "template", template: "base", templateValue: true });
    expect(originOf({}, templates, ["wording", "soldTag"])).toEqual({ from: "template", template: "group", templateValue: "GONE" });
  });

  it("says the dealer's own value is the dealer's, naming the template it overrides", () => {
    expect(originOf({ menus: { dealerColumn: false } }, templates, ["menus", "dealerColumn"])).toEqual({
      from: "dealer",
      template: "base",
      templateValue: true,
    });
    expect(originOf({ name: "X" }, templates, ["name"])).toEqual({ from: "dealer" });
  });

  it("is the default when neither has it", () => {
    expect(originOf({}, templates, ["wording", "newBadge"])).toEqual({ from: "default" });
  });

  it("lets no template value through a list the dealer wrote (lists replace)", () => {
    const own = { routes: { "/": { blocks: [{ type: "tiles-grid" }] } } };
    expect(originOf(own, templates, ["routes", "/", "blocks", 0, "type"])).toEqual({ from: "dealer" });
    expect(originOf({}, templates, ["routes", "/", "title"])).toMatchObject({ from: "template", templateValue: "Home" });
  });
});

describe("templateChain", () => {
  it("follows extends, nearest first, and stops at a cycle or a missing template", () => {
    const files: Record<string, unknown> = { group, base, a: { extends: "b" }, b: { extends: "a" } };
    expect(templateChain({ extends: "group" }, (n) => files[n]).map((t) => t.name)).toEqual(["group", "base"]);
    expect(templateChain({ extends: "a" }, (n) => files[n]).map((t) => t.name)).toEqual(["a", "b"]);
    expect(templateChain({ extends: "nope" }, (n) => files[n])).toEqual([]);
    expect(templateChain({}, (n) => files[n])).toEqual([]);
  });
});
