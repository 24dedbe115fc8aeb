import { describe, expect, it } from "vitest";
import { focusAfterUpdate } from "./focus";

describe("focusAfterUpdate", () => {
  it("moves focus off the next button when the carousel reaches its end", () => {
    expect(focusAfterUpdate("next", { prev: true, next: false })).toBe("prev");
  });
  it("moves focus off the previous button when the carousel is back at its start", () => {
    expect(focusAfterUpdate("prev", { prev: false, next: true })).toBe("next");
  });
  it("leaves focus alone while the focused button stays enabled, or when nothing is focused", () => {
    expect(focusAfterUpdate("next", { prev: true, next: true })).toBeNull();
    expect(focusAfterUpdate("prev", { prev: true, next: false })).toBeNull();
    expect(focusAfterUpdate(null, { prev: false, next: false })).toBeNull();
  });
  it("has nowhere to send focus when neither way scrolls", () => {
    expect(focusAfterUpdate("next", { prev: false, next: false })).toBeNull();
  });
});
