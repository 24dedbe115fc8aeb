import { describe, expect, it } from "vitest";
import {
  tabForKey,
  colourGroups,
  coloursForVariant,
  firstIndexOfGroup,
  INITIAL_VIEWER_STATE,
  pictureFor,
  showGroupTabs,
  thumbnails,
  viewerReducer,
  wrapIndex,
} from "./viewer";

const colour = (id: number, extra: { oem_id?: string; model_variant_name?: string } = {}) => ({
  id,
  name: `C${id}`,
  hexCode: "#123456",
  photo_url: `/p/${id}.webp`,
  ...extra,
});

describe("colour and variant viewer rules", () => {
  it("arrows wrap at both ends", () => {
    expect(wrapIndex(0, -1, 5)).toBe(4);
    expect(wrapIndex(4, 1, 5)).toBe(0);
    expect(wrapIndex(2, 1, 5)).toBe(3);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it("starts on the first variant and image; changing variant resets to the first image", () => {
    let s = INITIAL_VIEWER_STATE;
    expect(s).toEqual({ variant: 0, index: 0 });
    s = viewerReducer(s, { type: "step", step: 1, count: 4 });
    s = viewerReducer(s, { type: "step", step: 1, count: 4 });
    expect(s.index).toBe(2);
    s = viewerReducer(s, { type: "variant", variant: 1 });
    expect(s).toEqual({ variant: 1, index: 0 });
    s = viewerReducer(s, { type: "select", index: 3 });
    expect(viewerReducer(s, { type: "variant", variant: 1 })).toBe(s);
  });

  it("shows group tabs only with 3 or more groups and more than 15 colours", () => {
    const groups = ["Single Cab", "Extra Cab", "Double Cab"];
    const sixteen = Array.from({ length: 16 }, (_, i) => colour(i, { oem_id: groups[i % 3] }));
    expect(showGroupTabs(sixteen)).toBe(true);
    expect(showGroupTabs(sixteen.slice(0, 15))).toBe(false);
    const twoGroups = sixteen.map((c, i) => ({ ...c, oem_id: groups[i % 2] }));
    expect(showGroupTabs(twoGroups)).toBe(false);
    expect(colourGroups(sixteen)).toEqual(groups);
  });

  it("a group jumps to its first colour", () => {
    const list = [colour(1, { oem_id: "A" }), colour(2, { oem_id: "A" }), colour(3, { oem_id: "B" }), colour(4, { oem_id: "C" })];
    expect(firstIndexOfGroup(list, "B")).toBe(2);
    expect(firstIndexOfGroup(list, "Z")).toBe(-1);
  });

  it("gives thumbnails only to colours with a photo, keeping their place in the list", () => {
    const list: { id: number; name: string; hexCode: string; photo_url?: string }[] = [colour(1), { id: 2, name: "No photo", hexCode: "#000000" }, colour(3)];
    expect(thumbnails(list).map((t) => t.index)).toEqual([0, 2]);
    expect(pictureFor(list[1], { id: 1, name: "V", image: { url: "/v.webp" } }, {})).toBe("/v.webp");
  });

  it("lists a variant's own colours, else the colours that name no variant", () => {
    const list = [colour(1, { model_variant_name: "BX" }), colour(2), colour(3, { model_variant_name: "EV" })];
    expect(coloursForVariant(list, "BX").map((c) => c.id)).toEqual([1]);
    expect(coloursForVariant(list, "Other").map((c) => c.id)).toEqual([2]);
  });
});

describe("tabForKey", () => {
  it("moves with the arrows, wrapping at both ends", () => {
    expect(tabForKey("ArrowRight", 1, 3)).toBe(2);
    expect(tabForKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabForKey("ArrowLeft", 0, 3)).toBe(2);
  });
  it("goes to the first and last tab with Home and End, and ignores other keys", () => {
    expect(tabForKey("Home", 2, 3)).toBe(0);
    expect(tabForKey("End", 0, 3)).toBe(2);
    expect(tabForKey("Enter", 1, 3)).toBeNull();
  });
});
