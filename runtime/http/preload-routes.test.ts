import { describe, expect, it } from "vitest";
import { preloadRoutes } from "./preload-routes.mjs";

describe("preloadRoutes", () => {
  it("resolves only once Next's own preload of every entry has finished", async () => {
    let finish!: () => void;
    let calls = 0;
    const app = {
      server: {
        getServer: async () => ({
          unstable_preloadEntries: () => {
            calls++;
            return new Promise<void>((resolve) => (finish = resolve));
          },
        }),
      },
    };
    let done = false;
    const preloading = preloadRoutes(app).then((r) => ((done = true), r));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([calls, done]).toEqual([1, false]);
    finish();
    expect(await preloading).toBe(true);
  });

  it("does nothing, and says so, when this Next has no such step", async () => {
    expect(await preloadRoutes({})).toBe(false);
    expect(await preloadRoutes({ server: { getServer: async () => ({}) } })).toBe(false);
  });

  it("is the step Next's server runs at start, under the name this Next gives it", async () => {
    const { default: NextNodeServer } = (await import("next/dist/server/next-server.js")) as unknown as {
      default: { prototype: Record<string, unknown> };
    };
    expect(typeof NextNodeServer.prototype.unstable_preloadEntries).toBe("function");
  });
});
