import { describe, expect, it } from "vitest";
import { parseJsonArray, parseStoredList } from "./stored-list";

describe("parseJsonArray", () => {
  it("gives the entries of a stored JSON array", () => {
    expect(parseJsonArray('[1,"a",{"id":2}]')).toEqual([1, "a", { id: 2 }]);
  });
  it("gives [] for nothing stored, unreadable JSON or a value that is not an array", () => {
    for (const raw of [null, undefined, "", "{oops", '{"id":1}', "42", "null"]) expect(parseJsonArray(raw)).toEqual([]);
  });
});

describe("parseStoredList", () => {
  const pick = (o: Record<string, unknown>) => (typeof o.id === "number" ? { id: o.id } : null);
  it("skips entries that are not objects or that pick rejects, keeps the first of each id and at most the limit", () => {
    expect(parseStoredList('[1,{"id":3},{"id":"x"},{"id":3},{"id":4},{"id":5}]', pick, 2)).toEqual([{ id: 3 }, { id: 4 }]);
  });
});
