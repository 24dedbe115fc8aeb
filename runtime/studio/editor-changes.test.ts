import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadObject, minimalManifest } from "../../tests/helpers/manifest-fixture";
import type { EditorProblem } from "./editor-state";
import { fieldErrorsOf } from "./editor-state";
import { fieldOf, type Field } from "./form";
import {
  addableTypes,
  addBlockChange,
  addPageChange,
  blockChange,
  fieldChange,
  itemName,
  objectListChange,
  ownRoutesOf,
  previewPathOf,
  siteRoutesOf,
  stringListChange,
  type Change,
} from "./editor-changes";
import { getAt, setAt } from "./ops";

const value = {
  routes: {
    "/": {
      blocks: [{ type: "hero", id: "top", props: { heading: "Hi" } }, { type: "columns", slots: { left: [{ type: "rich-text" }] } }, { type: "footer" }],
    },
    "/new": { blocks: [] },
  },
};
const page = ["routes", "/", "blocks"];
const types = (v: unknown) => ((getAt(v, page) as { type: string }[]) ?? []).map((b) => b.type);
const field = (over: Partial<Field>): Field => ({ name: "heading", path: ["heading"], kind: "string", label: "Heading", help: "", required: false, ...over });
const isChange = (c: unknown): c is Change => !!c && typeof c === "object" && "next" in c;

describe("the studio's pages", () => {
  it("lists the site's pages as the loader merges them: the templates' in order, then the file's new ones", () => {
    const templates = [{ name: "base", value: { routes: { "/about": {} } } }];
    expect(ownRoutesOf(value)).toEqual(["/", "/new"]);
    expect(siteRoutesOf(value, ["/about", "/", "/gone"], templates)).toEqual(["/about", "/", "/new"]);
  });

  it("previews a pattern page at its sample address, or nowhere without one", () => {
    expect(previewPathOf("/about", {})).toBe("/about");
    expect(previewPathOf("/cars/[slug]", { "/cars/[slug]": "/cars/2023-x" })).toBe("/cars/2023-x");
    expect(previewPathOf("/cars/[slug]", {})).toBeNull();
  });

  it("adds an empty page titled as asked (else by its path), and refuses an empty or taken path", () => {
    const c = addPageChange(value, ["/", "/new"], " /about-us ", "");
    expect("route" in c && c.route).toBe("/about-us");
    expect(isChange(c) && getAt(c.next, ["routes", "/about-us"])).toEqual({ title: "/about-us", blocks: [] });
    expect(isChange(c) && c.what).toBe("Added the page /about-us");
    const titled = addPageChange(value, [], "/a", " About ");
    expect(isChange(titled) && getAt(titled.next, ["routes", "/a", "title"])).toBe("About");
    expect(addPageChange(value, ["/", "/new"], "  ", "x")).toEqual({ error: "Enter the new page's path, such as /about-us." });
    expect(addPageChange(value, ["/", "/new"], "/new", "x")).toEqual({ error: "There is already a page at /new." });
  });
});

describe("the studio's block changes", () => {
  it("adds a block at the page's end, or right after the chosen block, and chooses it", () => {
    const hero = { type: "hero", within: [], newProps: { heading: "New" } };
    const atEnd = addBlockChange(value, "/", null, hero);
    expect(types(atEnd.next)).toEqual(["hero", "columns", "footer", "hero"]);
    expect(atEnd.select).toEqual([...page, 3]);
    expect(atEnd.focus).toBe("/routes/~1/blocks/3:pick");
    expect(atEnd.what).toBe("Added hero");
    const after = addBlockChange(value, "/", [...page, 0], hero);
    expect(types(after.next)).toEqual(["hero", "hero", "columns", "footer"]);
    expect(after.select).toEqual([...page, 1]);
    // The new block's props are its own copy.
    expect(getAt(after.next, [...page, 1, "props"])).not.toBe(hero.newProps);
    const inSlot = addBlockChange(value, "/", [...page, 1, "slots", "left", 0], { type: "rich-text", within: ["columns"], newProps: {} });
    expect(getAt(inSlot.next, [...page, 1, "slots", "left"])).toHaveLength(2);
    expect(addBlockChange(value, "/new", null, hero).select).toEqual(["routes", "/new", "blocks", 0]);
  });

  it("offers a block type with `within` only inside a block of that type", () => {
    const all = [
      { type: "hero", within: [], newProps: {} },
      { type: "column", within: ["columns"], newProps: {} },
    ];
    expect(addableTypes(value, null, all).map((b) => b.type)).toEqual(["hero"]);
    expect(addableTypes(value, [...page, 0], all).map((b) => b.type)).toEqual(["hero"]);
    expect(addableTypes(value, [...page, 1, "slots", "left", 0], all).map((b) => b.type)).toEqual(["hero", "column"]);
  });

  it("moves a block up or down, keeps it chosen and the focus on the same button (or its name from the keyboard)", () => {
    const node = { listPath: page, index: 1, type: "columns" };
    const up = blockChange(value, node, "up")!;
    expect(types(up.next)).toEqual(["columns", "hero", "footer"]);
    expect(up).toMatchObject({ what: "Moved columns up", select: [...page, 0], focus: "/routes/~1/blocks/0:up" });
    const down = blockChange(value, node, "down", "pick")!;
    expect(types(down.next)).toEqual(["hero", "footer", "columns"]);
    expect(down).toMatchObject({ what: "Moved columns down", select: [...page, 2], focus: "/routes/~1/blocks/2:pick" });
  });

  it("does not move the first block up or the last down", () => {
    expect(blockChange(value, { listPath: page, index: 0, type: "hero" }, "up")).toBeNull();
    expect(blockChange(value, { listPath: page, index: 2, type: "footer" }, "down")).toBeNull();
  });

  it("duplicates a block right after itself without its id, and removes one (focus to the add select)", () => {
    const dup = blockChange(value, { listPath: page, index: 0, type: "hero" }, "duplicate")!;
    expect(types(dup.next)).toEqual(["hero", "hero", "columns", "footer"]);
    expect(getAt(dup.next, [...page, 1, "id"])).toBeUndefined();
    expect(dup).toMatchObject({ what: "Duplicated hero", select: [...page, 1], focus: "/routes/~1/blocks/1:pick" });
    const gone = blockChange(value, { listPath: page, index: 0, type: "hero" }, "remove")!;
    expect(types(gone.next)).toEqual(["columns", "footer"]);
    expect(gone).toMatchObject({ what: "Removed hero", select: null, focus: "add" });
    // The value handed in is left alone.
    expect(types(value)).toEqual(["hero", "columns", "footer"]);
  });
});

describe("the studio's field changes", () => {
  const props = [...page, 0, "props"];

  it("sets a field's parsed value under its object, with its pointer and what was typed", () => {
    const c = fieldChange(value, {}, field({}), props, "Welcome");
    expect(isChange(c) && getAt(c.next, [...props, "heading"])).toBe("Welcome");
    expect(c).toMatchObject({ what: "Heading changed", pointer: "/routes/~1/blocks/0/props/heading", raw: "Welcome" });
    // The change names its one place, so it lands on the newest working copy.
    expect(c).toMatchObject({ set: { path: [...props, "heading"], value: "Welcome" } });
    const n = fieldChange(value, {}, field({ name: "count", path: ["count"], kind: "integer", label: "Count" }), props, "3");
    expect(isChange(n) && getAt(n.next, [...props, "count"])).toBe(3);
  });

  it("refuses a text that is not that kind of value, at the field", () => {
    expect(fieldChange(value, {}, field({ kind: "integer" }), props, "2.5")).toEqual({
      refused: { pointer: "/routes/~1/blocks/0/props/heading", raw: "2.5", error: "Enter a whole number." },
    });
  });

  it("is nothing when the value is unchanged, unless a refusal shows (then the same value clears it)", () => {
    expect(fieldChange(value, {}, field({}), props, "Hi")).toBeNull();
    const pending = { "/routes/~1/blocks/0/props/heading": { raw: "x", messages: ["bad"] } };
    expect(isChange(fieldChange(value, pending, field({}), props, "Hi"))).toBe(true);
  });

  it("takes a list of strings as it is", () => {
    const c = fieldChange(value, {}, field({ name: "tags", path: ["tags"], kind: "string-list", label: "Tags" }), props, ["a", "b"]);
    expect(isChange(c) && getAt(c.next, [...props, "tags"])).toEqual(["a", "b"]);
    expect(isChange(c) && c.raw).toBe("a,b");
  });
});

describe("the studio's list items", () => {
  const slides = field({ name: "slides", path: ["slides"], kind: "object-list", label: "Slides", itemLabelKey: "title", newItem: { title: "New" } });
  const items = [{ title: "Summer" }, { title: "" }, { title: 7 }];

  it("names an item by its number and its label key", () => {
    expect(items.map((item, i) => itemName(slides, item, i))).toEqual(["Slides 1: Summer", "Slides 2", "Slides 3: 7"]);
    expect(itemName({ label: "Rows" }, undefined, 0)).toBe("Rows 1");
  });

  it("names an item holding a weekday by the day's name", () => {
    const hours = field({
      label: "Opening hours",
      kind: "object-list",
      itemFields: [
        field({
          name: "weekday",
          path: ["weekday"],
          kind: "enum",
          options: [0, 1, 2, 3, 4, 5, 6],
          optionLabels: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        }),
      ],
    });
    expect(itemName(hours, { weekday: 2 }, 0)).toBe("Opening hours 1: Tuesday");
    expect(itemName(hours, {}, 1)).toBe("Opening hours 2");
    expect(itemName(hours, { weekday: 6, status: "Open", open: "08:00", close: "12:00" }, 6)).toBe("Opening hours 7: Saturday, 08:00–12:00");
    expect(itemName(hours, { weekday: 0, status: "Closed" }, 0)).toBe("Opening hours 1: Sunday, closed");
  });

  it("duplicates an item right after it, leaving out the keys that name one item only", () => {
    const locs = [{ id: 1, slug: "a", name: "A", address: { city: "Ballina" } }, { id: 2 }];
    const c = objectListChange(locs, { label: "Locations" }, "/locations", { kind: "duplicate", index: 0 });
    expect(c.next).toEqual([locs[0], { name: "A", address: { city: "Ballina" } }, locs[1]]);
    expect(c.next[1].address).not.toBe(locs[0].address);
    expect(c).toMatchObject({ what: "Duplicated Locations 1", focus: "/locations/1:item" });
  });

  it("adds an item (a copy of the new item) and focuses it", () => {
    const c = objectListChange(items, slides, "/p", { kind: "add" });
    expect(c.next).toEqual([...items, { title: "New" }]);
    expect(c.next[3]).not.toBe(slides.newItem);
    expect(c).toMatchObject({ what: "Added Slides 4", focus: "/p/3:item" });
    expect(objectListChange([], { label: "Rows" }, "/q", { kind: "add" }).next).toEqual([{}]);
  });

  it("moves an item and the focus with it; removes one and focuses Add", () => {
    expect(objectListChange(items, slides, "/p", { kind: "up", index: 1 })).toEqual({
      next: [items[1], items[0], items[2]],
      what: "Moved Slides 2 up",
      focus: "/p/0:item",
    });
    expect(objectListChange(items, slides, "/p", { kind: "down", index: 1 })).toMatchObject({ next: [items[0], items[2], items[1]], focus: "/p/2:item" });
    expect(objectListChange(items, slides, "/p", { kind: "remove", index: 0 })).toEqual({
      next: [items[1], items[2]],
      what: "Removed Slides 1",
      focus: "/p:add",
    });
  });

  it("edits a list of strings: an edit, a move, a removal, and a new empty item (never the schema's example)", () => {
    const list = ["a", "b", "c"];
    expect(stringListChange(list, {}, { kind: "edit", index: 1, text: "B" })).toEqual(["a", "B", "c"]);
    expect(stringListChange(list, {}, { kind: "up", index: 2 })).toEqual(["a", "c", "b"]);
    expect(stringListChange(list, {}, { kind: "down", index: 0 })).toEqual(["b", "a", "c"]);
    expect(stringListChange(list, {}, { kind: "remove", index: 1 })).toEqual(["a", "c"]);
    expect(stringListChange(list, { example: ["x", "y"] }, { kind: "add" })).toEqual(["a", "b", "c", ""]);
    expect(stringListChange(list, {}, { kind: "add" })).toEqual(["a", "b", "c", ""]);
    expect(list).toEqual(["a", "b", "c"]);
  });
});

describe("a weekday's hours in the Locations form", () => {
  const composed = JSON.parse(readFileSync(path.join(process.cwd(), "schemas", "manifest.schema.json"), "utf8"));
  const hours = fieldOf("locations", composed.properties.locations, composed.$defs, ["locations"], false)
    .itemFields!.find((f) => f.name === "contact_detail")!
    .fields!.find((f) => f.name === "opening_hours")!;
  const day = ["locations", 0, "contact_detail", "opening_hours", 0];
  const withDay = (entry: Record<string, unknown>) => setAt(minimalManifest(), ["locations", 0, "contact_detail", "opening_hours"], [entry]);
  /** What typing into one of the day's fields and leaving it does, as the editor's reducer applies it. */
  const type = (value: unknown, name: string, raw: string) => {
    const c = fieldChange(
      value,
      {},
      hours.itemFields!.find((f) => f.name === name)!,
      day,
      raw,
    );
    if (!isChange(c)) throw new Error(`no change from ${name}: ${JSON.stringify(c)}`);
    return setAt(value, c.set!.path, c.set!.value);
  };
  const problemsOf = (value: unknown) => {
    const r = loadObject(value);
    return r.ok ? [] : r.problems;
  };

  it("drops a Closed day's emptied times instead of keeping empty text, so it saves; times left on it are harmless", () => {
    let value = type(withDay({ weekday: 6, status: "Open", open: "08:30", close: "12:30" }), "status", "Closed");
    expect(problemsOf(value)).toEqual([]);
    value = type(type(value, "open", ""), "close", "");
    expect(getAt(value, day)).toEqual({ weekday: 6, status: "Closed" });
    expect(problemsOf(value)).toEqual([]);
  });

  it("asks a day switched from Closed to Open for its times, at those fields", () => {
    const value = type(withDay({ weekday: 6, status: "Closed" }), "status", "Open");
    const problems = problemsOf(value);
    const fields = fieldErrorsOf(problems as EditorProblem[], undefined, value);
    expect(Object.keys(fields)).toEqual(["/locations/0/contact_detail/opening_hours/0/open", "/locations/0/contact_detail/opening_hours/0/close"]);
    expect(fields["/locations/0/contact_detail/opening_hours/0/open"][0]).toMatch(
      /is open on Saturday but has no opening time .*like 08:00, or set the day to Closed/,
    );
    expect(fields["/locations/0/contact_detail/opening_hours/0/open"][0]).toContain(
      "(at locations › item 1 › contact_detail › opening_hours › Saturday › open)",
    );
    // Typing the times puts it right.
    expect(problemsOf(type(type(value, "open", "08:30"), "close", "12:30"))).toEqual([]);
  });
});
