import { describe, expect, it } from "vitest";
import { loadedOnFirstUse, preloadRoutes } from "./preload-routes.mjs";

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

  it("leaves the studio's routes to their first request, and gives Next back its own manifest", async () => {
    const manifest = { "/(site)/[[...path]]/page": "a.js", "/%5Fstudio/page": "b.js", "/%5Fstudio/save/[dealer]/route": "c.js", "/api/leads/route": "d.js" };
    class FakeNext {
      loaded: string[] = [];
      getAppPathsManifest() {
        return manifest;
      }
      async unstable_preloadEntries() {
        this.loaded = Object.keys(this.getAppPathsManifest());
      }
    }
    const server = new FakeNext();
    expect(await preloadRoutes({ server: { getServer: async () => server } })).toBe(true);
    expect(server.loaded).toEqual(["/(site)/[[...path]]/page", "/api/leads/route"]);
    expect(Object.prototype.hasOwnProperty.call(server, "getAppPathsManifest")).toBe(false);
    expect(server.getAppPathsManifest()).toBe(manifest);
  });

  it("names the studio's routes as Next's manifest does", () => {
    expect(loadedOnFirstUse("/%5Fstudio/drafts/[name]/page")).toBe(true);
    expect(loadedOnFirstUse("/%5Fcached/[proto]/[host]/[version]/[[...path]]/page")).toBe(false);
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
    // The app routes it loads are those this method lists (preloadRoutes narrows them to leave the studio out).
    expect(String(NextNodeServer.prototype.unstable_preloadEntries)).toMatch(/this\.getAppPathsManifest\(\)/);
  });
});
