import { describe, expect, it } from "vitest";
import { showsButtons, slidePosition } from "./domain";

describe("warranty carousel rules", () => {
  it("numbers slides from one", () => {
    expect(slidePosition(0, 3)).toBe("1 of 3");
    expect(slidePosition(2, 3)).toBe("3 of 3");
  });
  it("offers buttons only for more than one card", () => {
    expect(showsButtons(1)).toBe(false);
    expect(showsButtons(2)).toBe(true);
  });
});
