import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BlockNode } from "../generated/types";
import { DEFAULT_LOADER_TIMEOUT_MS, placeBlocks, runLoaders } from "./loaders";
import type { BlockDefinition, SiteContext } from "./types";

const site = { manifest: { slug: "test-dealer" }, pattern: "/", params: {}, pathname: "/", searchParams: {}, origin: "http://test-dealer.localhost:3000", now: new Date() } as unknown as SiteContext;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const Nothing = () => null;
const block = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as unknown as BlockNode;

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  errors.mockRestore();
  vi.useRealTimers();
});

describe("placeBlocks", () => {
  it("keys blocks by position, depth first, including slot children", () => {
    const tree = [
      block("a"),
      block("b", { slots: { main: [block("c"), block("d", { slots: { aside: [block("e")] } })], side: [block("f")] } }),
    ];
    expect(placeBlocks(tree, "page").map((p) => [p.key, p.node.type])).toEqual([
      ["page.0", "a"],
      ["page.1", "b"],
      ["page.1.slots.main.0", "c"],
      ["page.1.slots.main.1", "d"],
      ["page.1.slots.main.1.slots.aside.0", "e"],
      ["page.1.slots.side.0", "f"],
    ]);
  });

  it("uses the prefix given (header, page, footer)", () => {
    expect(placeBlocks([block("a")], "header")[0].key).toBe("header.0");
  });
});

describe("runLoaders", () => {
  it("runs loaders in parallel: two 200 ms loaders take well under 400 ms", async () => {
    const registry: Record<string, BlockDefinition> = {
      slow: { component: Nothing, load: async () => { await sleep(200); return "done"; } },
    };
    const started = performance.now();
    const outcomes = await runLoaders(placeBlocks([block("slow"), block("slow")], "page"), registry, site);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(390); // a ratio check (sequential would be ≥ 400 ms), not a timing target
    expect([...outcomes.values()]).toEqual([{ ok: true, data: "done" }, { ok: true, data: "done" }]);
  });

  it("passes each loader its block's props and the site", async () => {
    const load = vi.fn(async (props: unknown) => props);
    const outcomes = await runLoaders(placeBlocks([block("x", { props: { limit: 3 } })], "page"), { x: { component: Nothing, load } }, site);
    expect(load).toHaveBeenCalledWith({ limit: 3 }, site);
    expect(outcomes.get("page.0")).toEqual({ ok: true, data: { limit: 3 } });
  });

  it("only runs loaders of blocks that have one", async () => {
    const outcomes = await runLoaders(placeBlocks([block("plain"), block("x")], "page"), { plain: { component: Nothing }, x: { component: Nothing, load: async () => 1 } }, site);
    expect([...outcomes.keys()]).toEqual(["page.1"]);
  });

  it("degrades only the block whose loader throws, and logs it", async () => {
    const registry: Record<string, BlockDefinition> = {
      good: { component: Nothing, load: async () => "fine" },
      bad: { component: Nothing, load: async () => { throw new Error("stock API down"); } },
    };
    const outcomes = await runLoaders(placeBlocks([block("good"), block("bad"), block("good")], "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: true, data: "fine" });
    expect(outcomes.get("page.1")).toEqual({ ok: false, reason: "stock API down" });
    expect(outcomes.get("page.2")).toEqual({ ok: true, data: "fine" });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("block=bad key=page.1 failed: stock API down"));
  });

  it("degrades a loader that throws synchronously like one that rejects", async () => {
    const registry: Record<string, BlockDefinition> = {
      sync: { component: Nothing, load: (() => { throw new Error("sync boom"); }) as any },
      good: { component: Nothing, load: async () => 1 },
    };
    const outcomes = await runLoaders(placeBlocks([block("sync"), block("good")], "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "sync boom" });
    expect(outcomes.get("page.1")).toEqual({ ok: true, data: 1 });
  });

  it("times out a slow loader, degrading only its block", async () => {
    const registry: Record<string, BlockDefinition> = {
      hang: { component: Nothing, loaderTimeoutMs: 30, load: () => new Promise(() => {}) },
      quick: { component: Nothing, load: async () => "quick" },
    };
    const outcomes = await runLoaders(placeBlocks([block("hang"), block("quick")], "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "loader of hang timed out after 30 ms" });
    expect(outcomes.get("page.1")).toEqual({ ok: true, data: "quick" });
  });

  it("uses the default time limit when a block sets none", async () => {
    vi.useFakeTimers();
    let settled = false;
    const running = runLoaders(placeBlocks([block("hang")], "page"), { hang: { component: Nothing, load: () => new Promise(() => {}) } }, site).then((o) => { settled = true; return o; });
    await vi.advanceTimersByTimeAsync(DEFAULT_LOADER_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await running).get("page.0")).toEqual({ ok: false, reason: `loader of hang timed out after ${DEFAULT_LOADER_TIMEOUT_MS} ms` });
  });

  it("runs the loaders of blocks in slots, keyed by their slot position", async () => {
    const registry: Record<string, BlockDefinition> = { box: { component: Nothing }, x: { component: Nothing, load: async () => "slot data" } };
    const outcomes = await runLoaders(placeBlocks([block("box", { slots: { main: [block("x")] } })], "page"), registry, site);
    expect(outcomes.get("page.0.slots.main.0")).toEqual({ ok: true, data: "slot data" });
  });
});
