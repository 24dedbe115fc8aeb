import { describe, expect, it } from "vitest";
import { blockTree, duplicateBlock, insertBlock, moveBlock, pointerOf, removeBlock, setAt } from "./ops";

const v = {
  routes: {
    "/": {
      blocks: [
        { type: "a", id: "x" },
        { type: "b", slots: { main: [{ type: "c" }] } },
      ],
    },
  },
};
const list = ["routes", "/", "blocks"];

describe("studio block operations", () => {
  it("adds, removes, duplicates and moves without changing the input", () => {
    const before = structuredClone(v);
    expect((insertBlock(v, list, 1, { type: "n" }) as typeof v).routes["/"].blocks.map((b) => b.type)).toEqual(["a", "n", "b"]);
    expect((removeBlock(v, list, 0) as typeof v).routes["/"].blocks.map((b) => b.type)).toEqual(["b"]);
    expect((duplicateBlock(v, list, 0) as typeof v).routes["/"].blocks).toEqual([{ type: "a", id: "x" }, { type: "a" }, v.routes["/"].blocks[1]]);
    expect((moveBlock(v, list, 0, 1) as typeof v).routes["/"].blocks.map((b) => b.type)).toEqual(["b", "a"]);
    expect(moveBlock(v, list, 0, -1)).toBe(v);
    expect(v).toEqual(before);
  });

  it("sets and removes a field, making the objects on the way", () => {
    expect(setAt({}, ["a", "b"], 1)).toEqual({ a: { b: 1 } });
    expect(setAt({ a: { b: 1, c: 2 } }, ["a", "b"], undefined)).toEqual({ a: { c: 2 } });
  });

  it("builds the tree with slots and escapes pointers", () => {
    const t = blockTree(v, list);
    expect(t.map((n) => n.type)).toEqual(["a", "b"]);
    expect(t[1].slots[0].children[0]).toMatchObject({ type: "c", parentType: "b", path: [...list, 1, "slots", "main", 0] });
    expect(pointerOf(["routes", "/cars/[slug]", "blocks", 0])).toBe("/routes/~1cars~1[slug]/blocks/0");
  });
});
