// @vitest-environment node
/**
 * The contract of every deferred island in blocks/lazy-islands.json: the component's server HTML
 * is exactly what its first client render produces. A next/dynamic island is hydrated on that
 * HTML as the page loads; a hydrateLater island replaces the server markup with its live render in
 * one swap, which must not change what the visitor sees. A component that reads the browser
 * (storage, media queries, the clock) during its first render breaks this and fails here.
 *
 * Each island is rendered twice from fresh modules: on the server (this file's node environment,
 * no `window`) with react-dom/server, then in a browser (vitest's jsdom environment installed for
 * the second phase only, so module-level `typeof window` checks see it) by hydrating that HTML with
 * react-dom/client under act; React reports any mismatch to `onRecoverableError`.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { builtinEnvironments } from "vitest/environments";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readLazyIslands } from "../../scripts/lib/lazy-islands";
import { ISLAND_FIXTURES, type IslandFixture } from "./lazy-islands.fixtures";

const root = path.resolve(import.meta.dirname, "../..");
const islands = readLazyIslands(root);
const key = (i: { wrapper: string; export: string }) => `${i.wrapper}#${i.export}`;

function modulePath(island: (typeof islands)[number]): string {
  const base = path.join(root, "blocks", path.dirname(island.wrapper), island.module);
  const file = [".tsx", ".ts"].map((ext) => base + ext).find((f) => existsSync(f));
  if (!file) throw new Error(`${key(island)}: no module at ${base}.tsx or .ts`);
  return file;
}

type AnyComponent = (props: object) => unknown;

async function loadComponent(island: (typeof islands)[number]): Promise<AnyComponent> {
  const mod = (await import(/* @vite-ignore */ modulePath(island))) as Record<string, AnyComponent>;
  const component = mod[island.component ?? island.export];
  if (typeof component !== "function") throw new Error(`${key(island)}: ${island.module} exports no ${island.component ?? island.export}`);
  return component;
}

/** The element to render, built with the React of the current phase's modules (its providers included). */
async function element(load: () => Promise<AnyComponent>, fixture: IslandFixture, props: object) {
  const { createElement } = await import("react");
  const component = await load();
  const el = createElement(component as never, props as never);
  return fixture.wrap ? await fixture.wrap(el) : el;
}

async function serverHtml(load: () => Promise<AnyComponent>, fixture: IslandFixture, props: object): Promise<string> {
  vi.resetModules();
  expect(typeof window, "the server phase has no window").toBe("undefined");
  const { renderToString } = await import("react-dom/server");
  return renderToString(await element(load, fixture, props));
}

let restoreGlobals: (() => void) | null = null;
afterEach(() => {
  cancelPhaseTimers();
  vi.unstubAllGlobals();
  restoreGlobals?.();
  restoreGlobals = null;
});

/**
 * The timers the browser phase started (a component's own, React's scheduler's), so none can run
 * after its window is gone: one firing during the next island's server phase would meet no
 * `window` and fail the file with an unhandled error, depending on how fast the machine is.
 */
const phaseTimers = new Set<{ clear(): void }>();
function trackPhaseTimers(): void {
  const realTimeout = globalThis.setTimeout;
  const realInterval = globalThis.setInterval;
  const realImmediate = globalThis.setImmediate;
  const track = <T>(handle: T, clear: (h: T) => void) => {
    const entry = { clear: () => clear(handle) };
    phaseTimers.add(entry);
    return { handle, entry };
  };
  vi.stubGlobal("setTimeout", (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const t = track(
      realTimeout(() => {
        phaseTimers.delete(t.entry);
        fn(...args);
      }, ms),
      clearTimeout,
    );
    return t.handle;
  });
  vi.stubGlobal("setInterval", (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => track(realInterval(fn, ms, ...args), clearInterval).handle);
  vi.stubGlobal("setImmediate", (fn: (...a: unknown[]) => void, ...args: unknown[]) => {
    const t = track(
      realImmediate(() => {
        phaseTimers.delete(t.entry);
        fn(...args);
      }),
      clearImmediate,
    );
    return t.handle;
  });
}
function cancelPhaseTimers(): void {
  for (const t of phaseTimers) t.clear();
  phaseTimers.clear();
}

/**
 * Hydrates `html` in a fresh jsdom window: resolves to what React reported as hydration errors
 * (mismatches) and, for a hydrateLater island, its live render's markup beside the server's (both
 * canonical, see `canonical`): the live component replaces the server markup with a fresh render,
 * not a hydration, so that render must match too.
 */
async function clientPhase(
  load: () => Promise<AnyComponent>,
  fixture: IslandFixture,
  props: object,
  html: string,
): Promise<{ errors: string[]; server: string; live: string }> {
  // vitest's own jsdom environment, installed for this phase only (it pretends to be visual: requestAnimationFrame works).
  const env = await builtinEnvironments.jsdom.setup(globalThis, {
    jsdom: { url: fixture.url ?? "https://dealer.example/cars/1", html: `<!doctype html><html><body><div id="island">${html}</div></body></html>` },
  });
  restoreGlobals = () => void env.teardown(globalThis);
  // jsdom has no media queries: answer as a browser where none matches (no reduced motion, no print).
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }));
  // Nor layout observers (carousels create them in effects): these watch and never report.
  class Unobserving {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", Unobserving);
  vi.stubGlobal("ResizeObserver", Unobserving);
  // Effects may ask the API for data: that answer is not part of the first render.
  vi.stubGlobal("fetch", () => new Promise(() => undefined));
  trackPhaseTimers();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.resetModules();
  const { act } = await import("react");
  const { createRoot, hydrateRoot } = await import("react-dom/client");
  const { flushSync } = await import("react-dom");
  const container = document.getElementById("island")!;
  const errors: string[] = [];
  const consoleErrors = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(" ");
    if (/hydrat/i.test(text)) errors.push(text);
  });
  const el = await element(load, fixture, props);
  let unmount = () => {};
  await act(async () => {
    const root = hydrateRoot(container, el, {
      onRecoverableError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
    });
    unmount = () => root.unmount();
  });
  await act(async () => unmount());
  consoleErrors.mockRestore();

  // The swap: a fresh render, read at its commit (before its effects run, as the visitor first sees it).
  const reference = document.createElement("div");
  reference.innerHTML = html;
  // Resource hints React's server renderer emits beside an eager image go to the document's head, not the island.
  for (const hint of reference.querySelectorAll(":scope > link[rel=preload]")) hint.remove();
  const fresh = document.createElement("div");
  document.body.append(fresh);
  const root = createRoot(fresh);
  const act_ = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const liveElement = await element(load, fixture, props);
  flushSync(() => root.render(liveElement));
  const live = canonical(fresh);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = act_;
  await act(async () => root.unmount());
  const result = { errors, server: canonical(reference), live };
  cancelPhaseTimers();
  return result;
}

/**
 * Markup as a browser holds it, comparable between a parsed server string and a client render:
 * comments (React's text separators) dropped, adjacent text merged, attributes sorted, style read
 * back through the CSS object model, and useId's ids (`_R_…_` from the server, `_r_…_` from a fresh
 * client render: no visitor sees them, and each render's labels point at its own) made one.
 */
function canonical(node: Node): string {
  const copy = node.cloneNode(true) as Element;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const c of comments) c.parentNode?.removeChild(c);
  copy.normalize();
  const write = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? "";
    if (!(n instanceof Element)) return "";
    const attrs = Array.from(n.attributes)
      .map((a) => (a.name === "style" ? `style="${(n as HTMLElement).style.cssText}"` : `${a.name}="${a.value}"`))
      .sort()
      .join(" ");
    return `<${n.localName}${attrs ? " " + attrs : ""}>${Array.from(n.childNodes).map(write).join("")}</${n.localName}>`;
  };
  return Array.from(copy.childNodes)
    .map(write)
    .join("")
    .replace(/_[Rr]_[0-9a-zA-Z]+_/g, "_id_");
}

describe("deferred islands: server HTML equals the first client render", () => {
  it("every declared island has a fixture (or a written reason to skip), and no fixture is left over", () => {
    const declared = new Set(islands.map(key));
    const missing = islands.filter((i) => !ISLAND_FIXTURES[key(i)] && !i.contractSkip).map(key);
    expect(missing, "islands without sample props in tests/unit/lazy-islands.fixtures.tsx").toEqual([]);
    expect(Object.keys(ISLAND_FIXTURES).filter((k) => !declared.has(k))).toEqual([]);
  });

  const tested = islands.filter((i) => !i.contractSkip && ISLAND_FIXTURES[key(i)]);
  it.each(tested.map((i) => [key(i), i] as const))("%s", async (_name, island) => {
    const fixture = ISLAND_FIXTURES[key(island)]!;
    const load = () => loadComponent(island);
    const props = typeof fixture.props === "function" ? await fixture.props() : fixture.props;
    const html = await serverHtml(load, fixture, props);
    if (!fixture.rendersNothing) expect(html, "the server renders the island in place").not.toBe("");
    const { errors, server, live } = await clientPhase(load, fixture, props, html);
    expect(errors, "hydration mismatches").toEqual([]);
    if (island.hydrate !== "with-page" && !fixture.liveMarkupDiffers)
      expect(live.replaceAll("><", ">\n<"), "the live render that replaces the server markup").toBe(server.replaceAll("><", ">\n<"));
  });

  it("fails an island whose first client render differs from its server HTML", async () => {
    // No hooks, so it needs no particular React instance: it reads where it runs during render.
    const WhereAmI = () => ({
      $$typeof: Symbol.for("react.transitional.element"),
      type: "p",
      key: null,
      ref: null,
      props: { children: typeof window === "undefined" ? "server" : "browser" },
    });
    const load = async () => WhereAmI as AnyComponent;
    const html = await serverHtml(load, { props: {} }, {});
    expect(html).toBe("<p>server</p>");
    const { errors, server, live } = await clientPhase(load, { props: {} }, {}, html);
    expect(errors.join("\n")).toMatch(/hydrat/i);
    expect(live).not.toBe(server);
  });
});
