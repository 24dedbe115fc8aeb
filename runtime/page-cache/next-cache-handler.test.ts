import { describe, expect, it } from "vitest";
import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { nextCacheHandlers } from "./next-cache-handler.mjs";

// Which handlers Next's cache asks: memory alone unless REDIS_URL is set outside a build (the
// shared case against a real redis-server: redis-pages.redis.test.ts).
describe("Next's cache handlers", () => {
  it("are this process's memory alone without REDIS_URL, as Next's default cache", () => {
    const { handlers, client } = nextCacheHandlers({ buildId: "b1", env: {} });
    expect(handlers.map((h) => h.name)).toEqual(["local-lru"]);
    expect(client).toBeUndefined();
  });

  it("write nothing to Redis during a build, even with REDIS_URL set", () => {
    const { handlers } = nextCacheHandlers({ buildId: "b1", env: { REDIS_URL: "redis://127.0.0.1:1", NEXT_PHASE: PHASE_PRODUCTION_BUILD } });
    expect(handlers.map((h) => h.name)).toEqual(["local-lru"]);
  });

  it("ask Redis first and memory second with REDIS_URL; Redis not connected is an error (the library then asks memory)", async () => {
    // A port nobody listens on: the client never connects.
    const { handlers, client } = nextCacheHandlers({ buildId: "b1", env: { REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      expect(handlers.map((h) => h.name)).toEqual(["redis-strings", "local-lru"]);
      await expect(handlers[0].get("/x", { implicitTags: [] })).rejects.toThrow();
      await handlers[1].set("/x", { lastModified: 1, lifespan: null, tags: [], value: { kind: "FETCH", data: { body: "b" } } });
      expect((await handlers[1].get("/x", { implicitTags: [] }))?.value.data.body).toBe("b");
    } finally {
      client?.destroy();
    }
  });
});
