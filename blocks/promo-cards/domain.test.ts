import { describe, expect, it } from "vitest";
import { promoColumns } from "./domain";

describe("promoColumns", () => {
  it("gives one card the whole row", () => expect(promoColumns(1)).toBe(1));
  it("puts two or four cards two to a row", () => {
    expect(promoColumns(2)).toBe(2);
    expect(promoColumns(4)).toBe(2);
  });
  it("puts three, five or more cards three to a row", () => {
    expect([3, 5, 6, 9].map(promoColumns)).toEqual([3, 3, 3, 3]);
  });
});
