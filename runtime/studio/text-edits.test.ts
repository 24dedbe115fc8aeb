import { describe, expect, it } from "vitest";
import { parse } from "jsonc-parser";
import { applyValueToText, diffLines } from "./text-edits";
import { insertBlock, moveBlock, removeBlock, setAt } from "./ops";

const text = `{
  // the dealer's name, as on the sign
  "name": "Sunshine Chery",
  "slug": "sunshine-chery",
  "routes": {
    "/": {
      "title": "Home",
      "blocks": [
        { "type": "hero", "props": { "heading": "Hello" } }, // first
        { "type": "rich-text" }
      ]
    }
  },
  "zeta": 1
}
`;

describe("applyValueToText", () => {
  const before = parse(text);

  it("changes one value in place, keeping comments, key order and formatting", () => {
    const after = setAt(before, ["routes", "/", "blocks", 0, "props", "heading"], "Welcome");
    const out = applyValueToText(text, before, after);
    expect(out).toBe(text.replace('"heading": "Hello"', '"heading": "Welcome"'));
  });

  it("adds a new key at the end of its object and removes a key without touching the rest", () => {
    let after = setAt(before, ["routes", "/", "description"], "Our home page");
    after = setAt(after, ["slug"], undefined);
    const out = applyValueToText(text, before, after);
    expect(out).toContain("// the dealer's name, as on the sign");
    expect(out).toContain("// first");
    expect(out).not.toContain('"slug"');
    expect(Object.keys(parse(out))).toEqual(["name", "routes", "zeta"]);
    expect(Object.keys(parse(out).routes["/"])).toEqual(["title", "blocks", "description"]);
    expect(parse(out)).toEqual(after);
  });

  it("inserts, removes and moves blocks, and the text parses to the new value", () => {
    const listPath = ["routes", "/", "blocks"];
    const inserted = insertBlock(before, listPath, 1, { type: "hero", props: { heading: "Two" } });
    const a = applyValueToText(text, before, inserted);
    expect(parse(a)).toEqual(inserted);
    expect(a).toContain("// the dealer's name, as on the sign");
    const removed = removeBlock(before, listPath, 1);
    expect(parse(applyValueToText(text, before, removed))).toEqual(removed);
    const moved = moveBlock(before, listPath, 0, 1);
    const m = applyValueToText(text, before, moved);
    expect(parse(m)).toEqual(moved);
    expect(m).toContain("// the dealer's name, as on the sign");
  });

  it("leaves the text alone when nothing changed", () => {
    expect(applyValueToText(text, before, structuredClone(before))).toBe(text);
  });
});

describe("diffLines", () => {
  it("lists removed and added lines with a hunk header", () => {
    const after = text.replace("Hello", "Welcome");
    const lines = diffLines("x.json", text, after);
    expect(lines[0].kind).toBe("hunk");
    expect(lines.filter((l) => l.kind === "remove").map((l) => l.text.trim())).toEqual(['{ "type": "hero", "props": { "heading": "Hello" } }, // first']);
    expect(lines.filter((l) => l.kind === "add").map((l) => l.text.trim())).toEqual(['{ "type": "hero", "props": { "heading": "Welcome" } }, // first']);
  });
});
