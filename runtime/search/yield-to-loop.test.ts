import { describe, expect, it } from "vitest";
import { yieldToLoop } from "./yield-to-loop";

describe("yieldToLoop", () => {
  it("lets a due timer run before it resolves, even when setImmediate runs its callbacks at once (as Next's server does during a render)", async () => {
    const native = globalThis.setImmediate;
    globalThis.setImmediate = ((fn: (...args: unknown[]) => void, ...args: unknown[]) => {
      queueMicrotask(() => fn(...args));
      return {} as NodeJS.Immediate;
    }) as unknown as typeof setImmediate;
    const order: string[] = [];
    try {
      setTimeout(() => order.push("other request"), 0);
      await yieldToLoop();
      order.push("next slice");
    } finally {
      globalThis.setImmediate = native;
    }
    expect(order).toEqual(["other request", "next slice"]);
  });
});
