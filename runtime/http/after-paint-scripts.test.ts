import { describe, expect, it } from "vitest";
import { BRAND_FONTS_ATTRIBUTE } from "../brand-fonts.mjs";
import { BRAND_FONTS_SOURCE, LOADER_SCRIPT } from "./after-paint-scripts.mjs";
import { passOverDocument } from "./document-pass.mjs";

// The shape of what Next 16 writes for an App Router page (head preinit scripts, preloads, the
// bootstrap script at the end of the shell, the legacy-browser polyfill).
const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>',
  '<script src="/_next/static/chunks/react-dom.js" async=""></script>',
  '<script src="/_next/static/chunks/turbopack-x.js" async=""></script>',
  '<link rel="preload" href="/_next/static/chunks/gallery.js" as="script" fetchPriority="low"/>',
  '<link rel="preload" as="image" href="/api/images/car.webp" fetchPriority="high"/>',
  '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
  '<script type="application/ld+json">{"@type":"Car"}</script>',
  "</head><body><main><h1>Car</h1></main>",
  '<script>self.__next_f.push([1,"x"])</script>',
  '<script src="/_next/static/chunks/main.js" async=""></script>',
  "</body></html>",
].join("");

const call = (src: string, run: 0 | 1) => `<script>self.__afterPaint(${JSON.stringify(src)},${run})</script>`;

/** The page as the server sends it when it paints first (the one pass over the document). */
async function rewrite(html: string): Promise<string> {
  return (await passOverDocument(html, true)).html ?? html;
}
/** Whether the pass hands a tag to the loader. */
const taken = async (tag: string) => (await rewrite(`<!DOCTYPE html><html><head>${tag}</head><body></body></html>`)).includes("__afterPaint(");

describe("framework scripts after the first paint", () => {
  it("turns the framework's async scripts and script preloads into loader calls, in document order", async () => {
    const out = await rewrite(PAGE);
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(react-dom|turbopack-x|main)\.js" async="">/);
    expect(out).not.toMatch(/<link[^>]*as="script"/);
    const calls = [...out.matchAll(/__afterPaint\("([^"]+)",(\d)\)/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(calls).toEqual([
      "/_next/static/chunks/main.js:0",
      "/_next/static/chunks/react-dom.js:1",
      "/_next/static/chunks/turbopack-x.js:1",
      "/_next/static/chunks/gallery.js:0",
      "/_next/static/chunks/main.js:1",
    ]);
    expect(out).toContain(call("/_next/static/chunks/react-dom.js", 1));
    expect(out).toContain(call("/_next/static/chunks/gallery.js", 0));
  });

  it("writes the loader once, just before the first call, inside the head", async () => {
    const out = await rewrite(PAGE);
    expect(out.split(LOADER_SCRIPT)).toHaveLength(2);
    expect(out.indexOf(LOADER_SCRIPT)).toBeLessThan(out.indexOf('__afterPaint("'));
    expect(out.indexOf(LOADER_SCRIPT)).toBeLessThan(out.indexOf("</head>"));
  });

  it("leaves everything else byte for byte: stylesheets, image preloads, nomodule, JSON-LD, inline scripts, content", async () => {
    const out = await rewrite(PAGE);
    for (const kept of [
      '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
      '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
      '<link rel="preload" as="image" href="/api/images/car.webp" fetchPriority="high"/>',
      '<script src="/_next/static/chunks/polyfills.js" noModule=""></script>',
      '<script type="application/ld+json">{"@type":"Car"}</script>',
      '<script>self.__next_f.push([1,"x"])</script>',
      "<main><h1>Car</h1></main>",
    ])
      expect(out).toContain(kept);
    // Taking the rewritten tags back out gives the page as it came.
    const strip = (html: string) => html.replace(LOADER_SCRIPT, "").replace(/<script>self\.__afterPaint\([^<]*<\/script>/g, "");
    const original = PAGE.replace(/<script src="\/_next\/static\/chunks\/[\w-]+\.js" async=""><\/script>|<link rel="preload"[^>]*as="script"[^>]*>/g, "");
    expect(strip(out)).toBe(original);
  });

  it("does nothing to a page without framework scripts", async () => {
    const html = "<html><head><title>x</title></head><body><p>a &lt;script&gt; b</p></body></html>";
    expect(await passOverDocument(html, true)).toEqual({ html: null, scriptHashes: [], unlisted: 0 });
  });

  it("only takes plain framework tags: other origins, other paths, extra attributes, non-async scripts and scripts with a body keep native loading", async () => {
    expect(await taken('<script src="/_next/static/chunks/a.js" async=""></script>')).toBe(true);
    expect(await taken('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"/>')).toBe(true);
    expect(await taken('<script src="https://cdn.example.com/_next/static/a.js" async=""></script>')).toBe(false);
    expect(await taken('<script src="/dealers/x/widget.js" async=""></script>')).toBe(false);
    expect(await taken('<script src="/_next/static/chunks/a.js" async="" integrity="sha384-x"></script>')).toBe(false);
    expect(await taken('<script src="/_next/static/chunks/a.js"></script>')).toBe(false);
    expect(await taken('<script src="/_next/static/chunks/a.js" async="">run()</script>')).toBe(false);
    expect(await taken('<link rel="preload" as="script" href="/_next/static/chunks/a.js" nonce="n"/>')).toBe(false);
    expect(await taken('<link rel="modulepreload" href="/_next/static/chunks/a.js"/>')).toBe(false);
    expect(await taken('<script src="/_next/static/chunks/a.js?x=&quot;);alert(1)//" async=""></script>')).toBe(false);
  });

  it("reads tags as the browser does: any case, attribute order or quoting", async () => {
    expect(await rewrite("<head><SCRIPT ASYNC SRC='/_next/static/chunks/a.js'></SCRIPT></head>")).toContain(call("/_next/static/chunks/a.js", 1));
    expect(await rewrite("<head><LINK href=/_next/static/chunks/b.js AS=script rel=preload></head>")).toContain(call("/_next/static/chunks/b.js", 0));
    // The attribute values are decoded before they are checked, so an entity cannot smuggle a quote in.
    expect(await taken('<script async src="/_next/static/chunks/a&#46;js"></script>')).toBe(true);
  });

  it("leaves a framework tag alone inside a comment, an inline script's text or an SVG, and writes the loader where it runs", async () => {
    const tag = '<script src="/_next/static/chunks/a.js" async=""></script>';
    const inComment = `<head><!-- ${tag} -->${tag.replace("a.js", "b.js")}</head>`;
    const out = await rewrite(inComment);
    expect(out).toContain(`<!-- ${tag} -->`);
    expect(out).toBe(`<head><!-- ${tag} -->${LOADER_SCRIPT}${call("/_next/static/chunks/b.js", 1)}</head>`);
    const inScript = `<head><script>document.write('${tag.replace("</", "<\\/")}')</script></head>`;
    expect(await passOverDocument(inScript, true)).toMatchObject({ html: null });
    expect(await passOverDocument(`<body><svg>${tag}</svg></body>`, true)).toMatchObject({ html: null });
  });
});

/**
 * Runs an inline script (the loader by default) against a stand-in window and document, to see
 * when it adds scripts or sets attributes on <html>; `session` stands in for sessionStorage
 * (`"throws"`: storage refused, as in some private modes).
 */
function runLoader(
  options: {
    hidden?: boolean;
    paintTiming?: boolean;
    hero?: "none" | "loading" | "complete";
    source?: string;
    session?: Map<string, string> | "throws";
    decodeFails?: boolean;
  } = {},
) {
  const added: string[] = [];
  const heroListeners: Record<string, () => void> = {};
  const timers: { fn: () => void; ms: number }[] = [];
  const frames: (() => void)[] = [];
  let paintCallback: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming === false ? ["resource"] : ["paint", "resource"];
    constructor(cb: typeof paintCallback) {
      paintCallback = cb;
    }
    observe() {}
    disconnect() {}
  }
  const hero = options.hero ?? "loading";
  const img =
    hero === "none"
      ? null
      : {
          complete: hero === "complete",
          addEventListener: (type: string, fn: () => void) => (heroListeners[type] = fn),
          decode: () => (options.decodeFails ? Promise.reject(new Error("EncodingError")) : Promise.resolve()),
        };
  const element = (tag: string) => ({ tag, src: "", href: "", rel: "", as: "", async: false });
  const attributes = new Map<string, string>();
  const document = {
    visibilityState: options.hidden ? "hidden" : "visible",
    createElement: element,
    head: { appendChild: (e: ReturnType<typeof element>) => added.push(e.tag === "script" ? `run ${e.src}` : `preload ${e.href}`) },
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    querySelector: () => img,
  };
  const session = options.session ?? new Map<string, string>();
  const refuse = () => {
    throw new Error("SecurityError");
  };
  const sessionStorage =
    session === "throws"
      ? { getItem: refuse, setItem: refuse }
      : { getItem: (k: string) => session.get(k) ?? null, setItem: (k: string, v: string) => void session.set(k, v) };
  const window: Record<string, unknown> = { PerformanceObserver: FakeObserver, sessionStorage };
  const script = options.source ?? LOADER_SCRIPT.replace(/^<script>|<\/script>$/g, "");
  new Function("self", "document", "setTimeout", "requestAnimationFrame", script)(
    window,
    document,
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
    (fn: () => void) => frames.push(fn),
  );
  const afterPaint = window.__afterPaint as (src: string, run: number) => void;
  return {
    added,
    attributes,
    afterPaint,
    paint: () => paintCallback?.({ getEntriesByName: (n) => (n === "first-contentful-paint" ? [{}] : []) }),
    heroLoaded: () => heroListeners.load?.(),
    heroFailed: () => heroListeners.error?.(),
    /** The decoding settled, then the next frame painted (the timers of no delay run, not the longest wait's). */
    nextFrame: async () => {
      for (let i = 0; i < 3; i++) await Promise.resolve();
      frames.splice(0).forEach((fn) => fn());
      for (const t of timers.filter((t) => t.ms === 0)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
    runTimers: () => timers.splice(0).forEach((t) => t.fn()),
    runFrames: () => frames.splice(0).forEach((fn) => fn()),
  };
}

describe("the after-paint loader", () => {
  it("adds nothing before the first contentful paint, then waits for the main picture to be painted", async () => {
    const page = runLoader();
    page.afterPaint("/_next/static/chunks/main.js", 0);
    page.afterPaint("/_next/static/chunks/react-dom.js", 1);
    page.afterPaint("/_next/static/chunks/main.js", 1);
    expect(page.added).toEqual([]);
    page.paint();
    expect(page.added).toEqual([]);
    // Loaded is not painted: it is decoded, then shown in the next frame.
    page.heroLoaded();
    expect(page.added).toEqual([]);
    await page.nextFrame();
    expect(page.added).toEqual(["preload /_next/static/chunks/main.js", "run /_next/static/chunks/react-dom.js", "run /_next/static/chunks/main.js"]);
  });

  it("starts a frame after a picture that cannot be decoded, and at once after one that fails to load", async () => {
    const broken = runLoader({ decodeFails: true });
    broken.afterPaint("/_next/static/chunks/a.js", 1);
    broken.paint();
    broken.heroLoaded();
    await broken.nextFrame();
    expect(broken.added).toEqual(["run /_next/static/chunks/a.js"]);
    const failed = runLoader();
    failed.afterPaint("/_next/static/chunks/a.js", 1);
    failed.paint();
    failed.heroFailed();
    expect(failed.added).toEqual(["run /_next/static/chunks/a.js"]);
  });

  it("starts anyway when the main picture takes too long, and adds later calls at once, each script once", async () => {
    const page = runLoader();
    page.afterPaint("/_next/static/chunks/a.js", 1);
    page.paint();
    page.runTimers();
    expect(page.added).toEqual(["run /_next/static/chunks/a.js"]);
    page.afterPaint("/_next/static/chunks/b.js", 0);
    page.afterPaint("/_next/static/chunks/b.js", 0);
    page.afterPaint("/_next/static/chunks/a.js", 1);
    page.heroLoaded();
    await page.nextFrame();
    expect(page.added).toEqual(["run /_next/static/chunks/a.js", "preload /_next/static/chunks/b.js"]);
  });

  it("starts at the first paint when the picture is already there or the page has none", () => {
    for (const hero of ["complete", "none"] as const) {
      const page = runLoader({ hero });
      page.afterPaint("/_next/static/chunks/a.js", 1);
      expect(page.added).toEqual([]);
      page.paint();
      expect(page.added).toEqual(["run /_next/static/chunks/a.js"]);
    }
  });

  it("starts at once in a background tab, and after one frame where paint timing is missing", () => {
    const hidden = runLoader({ hidden: true });
    hidden.afterPaint("/_next/static/chunks/a.js", 1);
    expect(hidden.added).toEqual(["run /_next/static/chunks/a.js"]);

    const old = runLoader({ paintTiming: false, hero: "none" });
    old.afterPaint("/_next/static/chunks/a.js", 1);
    expect(old.added).toEqual([]);
    old.runFrames();
    old.runTimers();
    expect(old.added).toEqual(["run /_next/static/chunks/a.js"]);
  });
});

describe("the brand fonts' switch", () => {
  const switchOn = (options: Parameters<typeof runLoader>[0] = {}) => runLoader({ source: BRAND_FONTS_SOURCE, ...options });
  const on = (page: ReturnType<typeof runLoader>) => page.attributes.has(BRAND_FONTS_ATTRIBUTE);

  it("turns the fonts on after the first paint and the main picture, and notes it for the tab's later pages", async () => {
    const session = new Map<string, string>();
    const page = switchOn({ session });
    expect(on(page)).toBe(false);
    page.paint();
    expect(on(page)).toBe(false);
    page.heroLoaded();
    await page.nextFrame();
    expect(on(page)).toBe(true);
    expect(session.size).toBe(1);
    // The next page of the tab finds the files cached: on before its first paint.
    expect(on(switchOn({ session }))).toBe(true);
  });

  it("turns them on at the timeout when the picture takes too long, at the paint when there is none, at once in a background tab", () => {
    const slow = switchOn();
    slow.paint();
    slow.runTimers();
    expect(on(slow)).toBe(true);
    const none = switchOn({ hero: "none" });
    none.paint();
    expect(on(none)).toBe(true);
    expect(on(switchOn({ hidden: true }))).toBe(true);
  });

  it("still waits for the paint where session storage is refused", () => {
    const page = switchOn({ session: "throws", hero: "none" });
    expect(on(page)).toBe(false);
    page.paint();
    expect(on(page)).toBe(true);
  });
});
