import { describe, expect, it } from "vitest";
import { grown } from "./grown";

describe("grown", () => {
  it("copies the elements into a longer array of the same kind, zero past them", () => {
    const codes = Uint16Array.of(3, 65535);
    const copy = grown(codes, 4);
    expect(copy).toBeInstanceOf(Uint16Array);
    expect([...copy]).toEqual([3, 65535, 0, 0]);
    expect(copy).not.toBe(codes);
    const values = grown(Float64Array.of(1.5), 2);
    expect(values).toBeInstanceOf(Float64Array);
    expect([...values]).toEqual([1.5, 0]);
  });
});
