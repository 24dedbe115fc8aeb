import { renderToStaticMarkup } from "react-dom/server";
import { createElement, Fragment, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BlockNode } from "../generated/types";
import { parentKey, placeBlocks, runLoaders } from "./loaders";
import { renderBlocks } from "./render-blocks";
import type { BlockComponentProps, BlockRegistry, SiteContext } from "./types";

// A layout block (the vehicle page) loads shared data once and hands it to the blocks in its slots.

const site = {
  manifest: { slug: "test-dealer" },
  pattern: "/cars/[slug]",
  params: {},
  pathname: "/cars/x",
  searchParams: {},
  origin: "http://test-dealer.localhost:3000",
  now: new Date(),
} as unknown as SiteContext;
const node = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra }) as unknown as BlockNode;
const page = (...sections: BlockNode[]) => [node("layout", { slots: { main: sections } })];

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("parentKey", () => {
  it("gives the key of the block whose slot holds a block", () => {
    expect(parentKey("page.1.slots.main.0")).toBe("page.1");
    expect(parentKey("page.1.slots.main.0.slots.aside.2")).toBe("page.1.slots.main.0");
    expect(parentKey("page.1")).toBeNull();
  });
});

describe("runLoaders with a context provider", () => {
  it("loads the provider once and hands its context to every section's loader", async () => {
    const loadCar = vi.fn(async () => ({ car: "mg-zs" }));
    const loadSimilar = vi.fn(async (_props: unknown, _site: SiteContext, context?: unknown) => `similar to ${(context as { car: string }).car}`);
    const registry: BlockRegistry = {
      layout: { component: () => null, load: loadCar, provideContext: (data) => data },
      similar: { component: () => null, load: loadSimilar },
      plain: { component: () => null },
    };
    const outcomes = await runLoaders(placeBlocks(page(node("similar"), node("plain"), node("similar", { props: { limit: 2 } })), "page"), registry, site);
    expect(loadCar).toHaveBeenCalledTimes(1);
    expect(loadSimilar).toHaveBeenCalledWith({}, site, { car: "mg-zs" });
    expect(loadSimilar).toHaveBeenCalledWith({ limit: 2 }, site, { car: "mg-zs" });
    expect(outcomes.get("page.0")).toEqual({ ok: true, data: { car: "mg-zs" }, context: { car: "mg-zs" } });
    expect(outcomes.get("page.0.slots.main.0")).toEqual({ ok: true, data: "similar to mg-zs" });
  });

  it("starts a section's loader only once the provider's has loaded", async () => {
    const car = deferred<string>();
    const started: string[] = [];
    const registry: BlockRegistry = {
      layout: { component: () => null, load: () => (started.push("layout"), car.promise), provideContext: (data) => data },
      section: { component: () => null, load: async (_p, _s, context) => (started.push(`section:${String(context)}`), "ok") },
    };
    const running = runLoaders(placeBlocks(page(node("section")), "page"), registry, site);
    await Promise.resolve();
    expect(started).toEqual(["layout"]);
    car.resolve("car-1");
    await running;
    expect(started).toEqual(["layout", "section:car-1"]);
  });

  it("fails the sections with the provider, and says why", async () => {
    const registry: BlockRegistry = {
      layout: { component: () => null, load: async () => Promise.reject(new Error("stock down")), provideContext: (data) => data },
      section: { component: () => null, load: async () => "never" },
    };
    const outcomes = await runLoaders(placeBlocks(page(node("section")), "page"), registry, site);
    expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "stock down" });
    expect(outcomes.get("page.0.slots.main.0")).toEqual({ ok: false, reason: "its layout block has nothing to hand down (stock down)" });
  });

  it("fails a provider whose loader fails cleanly when no section has a loader of its own", async () => {
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const registry: BlockRegistry = {
        layout: { component: () => null, load: async () => Promise.reject(new Error("stock down")), provideContext: (data) => data },
        plain: { component: () => null },
      };
      const outcomes = await runLoaders(placeBlocks(page(node("plain")), "page"), registry, site);
      expect(outcomes.get("page.0")).toEqual({ ok: false, reason: "stock down" });
      // Unhandled rejections are reported after the microtask queue drains: a macrotask later.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("runs only the loaders asked for, with the providers they need", async () => {
    const other = vi.fn(async () => "other");
    const registry: BlockRegistry = {
      layout: { component: () => null, load: async () => "car", provideContext: (data) => data },
      titled: { component: () => null, load: async (_p, _s, context) => `title of ${String(context)}` },
      other: { component: () => null, load: other },
    };
    const placed = placeBlocks([...page(node("titled")), node("other")], "page");
    const outcomes = await runLoaders(placed, registry, site, (b) => (b.node.type as string) === "titled");
    expect(other).not.toHaveBeenCalled();
    expect(outcomes.get("page.0.slots.main.0")).toEqual({ ok: true, data: "title of car" });
  });
});

describe("renderBlocks with a context provider", () => {
  const registry: BlockRegistry = {
    layout: { component: ({ slots }: BlockComponentProps<unknown>) => createElement("article", null, slots.main), provideContext: (data) => data },
    section: {
      component: ({ context }: BlockComponentProps<unknown>) => createElement("p", null, context === undefined ? "no car" : `car:${String(context)}`),
    },
  };
  const html = async (outcomeOk: boolean) => {
    const outcomes = new Map([["page.0", outcomeOk ? { ok: true as const, data: "mg-zs", context: "mg-zs" } : { ok: false as const, reason: "down" }]]);
    const out = (await renderBlocks(page(node("section"), node("section")), "page", { registry, outcomes, site })) as ReactNode;
    return renderToStaticMarkup(createElement(Fragment, null, out));
  };

  it("hands the provider's context to the blocks in its slots", async () => {
    expect(await html(true)).toBe("<article><p>car:mg-zs</p><p>car:mg-zs</p></article>");
  });

  it("hands nothing down when the provider's loader failed", async () => {
    expect(await html(false)).toBe("<article><p>no car</p><p>no car</p></article>");
  });

  it("gives blocks outside any provider no context", async () => {
    const out = (await renderBlocks([node("section")], "page", { registry, outcomes: new Map(), site })) as ReactNode;
    expect(renderToStaticMarkup(createElement(Fragment, null, out))).toBe("<p>no car</p>");
  });
});
