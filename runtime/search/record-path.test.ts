import { describe, expect, it } from "vitest";
import { valuesAtPath } from "./record-path";

describe("valuesAtPath", () => {
  const rec = {
    make: "Toyota",
    tags: ["a", "b", null, ["c"]],
    location: { id: 1, address: { city: "Sydney", state: "NSW" } },
    images: [{ url: "u1" }, { url: "u2" }, {}],
    "odd.key": 7,
    nothing: null,
    obj: { deep: true },
  };
  it("reads top-level scalars and flattens arrays", () => {
    expect(valuesAtPath(rec, "make")).toEqual(["Toyota"]);
    expect(valuesAtPath(rec, "tags")).toEqual(["a", "b", "c"]);
  });
  it("follows dot paths through objects and arrays", () => {
    expect(valuesAtPath(rec, "location.address.city")).toEqual(["Sydney"]);
    expect(valuesAtPath(rec, "images.url")).toEqual(["u1", "u2"]);
    expect(valuesAtPath(rec, "obj.deep")).toEqual([true]);
  });
  it("prefers a literal dotted key, ignores objects and missing values", () => {
    expect(valuesAtPath(rec, "odd.key")).toEqual([7]);
    expect(valuesAtPath(rec, "obj")).toEqual([]);
    expect(valuesAtPath(rec, "nothing")).toEqual([]);
    expect(valuesAtPath(rec, "missing.path")).toEqual([]);
    expect(valuesAtPath(null, "a")).toEqual([]);
    expect(valuesAtPath(rec, "toString")).toEqual([]);
  });
});
