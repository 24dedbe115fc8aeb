import { describe, expect, it, vi } from "vitest";
import { SMOKE_OK, assertFigures } from "./bench-smoke";

describe("assertFigures", () => {
  it("prints every figure and the line the smoke runner looks for", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    assertFigures("bench:x", { "requests/s": 12.5, errors: 0 });
    expect(log.mock.calls[0][0]).toContain(SMOKE_OK);
    expect(log.mock.calls[0][0]).toContain("requests/s 12.5, errors 0");
    log.mockRestore();
  });

  it("names each figure that is missing or not a number", () => {
    expect(() => assertFigures("bench:x", { a: 1, b: NaN, c: undefined, d: Infinity })).toThrow("bench:x: no figure for b (NaN), c (undefined), d (Infinity)");
  });

  it("refuses a run with no figures at all", () => {
    expect(() => assertFigures("bench:x", {})).toThrow("no figures at all");
  });
});
