import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BlockNode } from "../generated/types";
import { DEFAULT_LOADER_TIMEOUT_MS, placeBlocks, runLoaders } from "./loaders";
import type { BlockDefinition } from "./types";
import { blockSite } from "@/tests/helpers/block-site";

const site = blockSite({ slug: "test-dealer" }, { origin: "http://test-dealer.localhost:3000", now: new Date("2026-03-02T00:00:00Z") });
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
    const tree = [block("a"), block("b", { slots: { main: [block("c"), block("d", { slots: { aside: [block("e")] } })], side: [block("f")] } })];
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
  it("runs loaders in parallel: every loader has started before any has finished", async () => {
    const started: number[] = [];
    const finish = new Map<number, (data: string) => void>();
    const registry: Record<string, BlockDefinition> = {
      gated: {
        component: Nothing,
        load: (props: { n: number }) =>
          new Promise<string>((resolve) => {
            started.push(props.n);
            finish.set(props.n, resolve);
          }),
      },
    };
    const running = runLoaders(placeBlocks([block("gated", { props: { n: 1 } }), block("gated", { props: { n: 2 } })], "page"), registry, site);
    // One turn of the event loop runs every pending promise callback: a loader run one after the
    // other would still be waiting here for the first to finish, which none has.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1, 2]);
    finish.get(2)!("second");
    finish.get(1)!("first");
    expect([...(await running).values()]).toEqual([
      { ok: true, data: "first" },
      { ok: true, data: "second" },
    ]);
  });

  it("passes each loader its block's props and the site", async () => {
    const load = vi.fn(async (props: unknown) => props);
    const outcomes = await runLoaders(placeBlocks([block("x", { props: { limit: 3 } })], "page"), { x: { component: Nothing, load } }, site);
    expect(load).toHaveBeenCalledWith({ limit: 3 }, site);
    expect(outcomes.get("page.0")).toEqual({ ok: true, data: { limit: 3 } });
  });

  it("only runs loaders of blocks that have one", async () => {
    const outcomes = await runLoaders(
      placeBlocks([block("plain"), block("x")], "page"),
      { plain: { component: Nothing }, x: { component: Nothing, load: async () => 1 } },
      site,
    );
    expect([...outcomes.keys()]).toEqual(["page.1"]);
  });

  it("degrades only the block whose loader throws, and logs it", async () => {
    const registry: Record<string, BlockDefinition> = {
      good: { component: Nothing, load: async () => "fine" },
      bad: {
        component: Nothing,
        load: async () => {
          throw new Error("stock API down");
        },
      },
    };
    const outcomes = await runLoaders(placeBlocks([block("good"), block("bad"), block("good")], "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: true, data: "fine" });
    expect(outcomes.get("page.1")).toEqual({ ok: false, reason: "stock API down" });
    expect(outcomes.get("page.2")).toEqual({ ok: true, data: "fine" });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("block=bad key=page.1 failed: stock API down"));
  });

  it("degrades a loader that throws synchronously like one that rejects", async () => {
    const registry: Record<string, BlockDefinition> = {
      sync: {
        component: Nothing,
        load: (() => {
          throw new Error("sync boom");
        }) as unknown as BlockDefinition["load"],
      },
      good: { component: Nothing, load: async () => 1 },
    };
    const outcomes = await runLoaders(placeBlocks([block("sync"), block("good")], "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "sync boom" });
    expect(outcomes.get("page.1")).toEqual({ ok: true, data: 1 });
  });

  it("times out a slow loader, degrading only its block", async () => {
    vi.useFakeTimers();
    const registry: Record<string, BlockDefinition> = {
      hang: { component: Nothing, loaderTimeoutMs: 30, load: () => new Promise(() => {}) },
      quick: { component: Nothing, load: async () => "quick" },
    };
    const running = runLoaders(placeBlocks([block("hang"), block("quick")], "page"), registry, site);
    await vi.advanceTimersByTimeAsync(30);
    const outcomes = await running;
    expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "loader of hang timed out after 30 ms" });
    expect(outcomes.get("page.1")).toEqual({ ok: true, data: "quick" });
  });

  it("uses the default time limit when a block sets none", async () => {
    vi.useFakeTimers();
    let settled = false;
    const running = runLoaders(placeBlocks([block("hang")], "page"), { hang: { component: Nothing, load: () => new Promise(() => {}) } }, site).then((o) => {
      settled = true;
      return o;
    });
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
