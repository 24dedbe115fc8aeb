import { describe, expect, it } from "vitest";
import { gridColumns } from "./domain";

describe("location grid columns", () => {
  it("follows the count: 1 to 3 per row, 3 or more for larger counts", () => {
    expect([1, 2, 3, 4, 5, 6, 8, 9].map(gridColumns)).toEqual([1, 2, 3, 4, 3, 3, 4, 3]);
  });
});
