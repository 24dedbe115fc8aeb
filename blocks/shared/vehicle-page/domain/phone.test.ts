import { describe, expect, it } from "vitest";
import { maskPhone, telHref } from "./phone";

describe("phone masking", () => {
  it("keeps the first 5 characters and stars every following digit", () => {
    expect(maskPhone("07 3290 4100")).toBe("07 32** ****");
    expect(maskPhone("1300 123 456")).toBe("1300 *** ***");
    expect(maskPhone("(02) 9000 1234")).toBe("(02) **** ****");
  });
  it("leaves short numbers alone and trims", () => {
    expect(maskPhone(" 12345 ")).toBe("12345");
  });
  it("builds a tel: link from the digits", () => {
    expect(telHref("07 3290 4100")).toBe("tel:0732904100");
    expect(telHref("+61 7 3290 4100")).toBe("tel:+61732904100");
    expect(telHref("n/a")).toBeNull();
  });
});
