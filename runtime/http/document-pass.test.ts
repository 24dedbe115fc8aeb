import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOADER_SOURCE } from "./after-paint-scripts.mjs";
import { flightScriptKind, passOverDocument, processDocument } from "./document-pass.mjs";
import { allowInlineScripts } from "./server-bridge.mjs";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");
const hashes = async (html: string) => (await passOverDocument(html, false)).scriptHashes.slice().sort();
const only = (...texts: string[]) => texts.map(sha).sort();

// Next's payload as Next writes it at the end of the body (app-render/use-flight-response.js).
const BOOT = "(self.__next_f=self.__next_f||[]).push([0])";
const push = (chunk: string) => `self.__next_f.push(${JSON.stringify([1, chunk]).replace(/</g, "\\u003c")})`;
const PAYLOAD = [BOOT, push('0:{"a":"$L1"}\n'), push("1:<b>x</b>\n")];
const nextTail = (scripts = PAYLOAD) =>
  `<script src="/_next/static/chunks/a.js" async=""></script>${scripts.map((t) => `<script>${t}</script>`).join("")}</body></html>`;
const PLATFORM = "(function(d){d.documentElement.dataset.js='1'})(document)";
allowInlineScripts([PLATFORM]);

describe("which inline scripts the policy allows", () => {
  it("allows Next's payload at the end of the body and the platform's registered constants", async () => {
    const html = `<html><head></head><body><div><script>${PLATFORM}</script><p>Hi</p></div><!--$--><!--/$-->${nextTail()}`;
    const result = await passOverDocument(html, false);
    expect(result.scriptHashes.slice().sort()).toEqual(only(PLATFORM, ...PAYLOAD));
    expect(result.unlisted).toBe(0);
  });

  it("refuses an injected inline script, even one shaped like Next's payload or placed among Next's scripts", async () => {
    const injected = [`alert(document.cookie)`, push("evil"), BOOT, `self.__next_f.push([1,"x"]);alert(1)`];
    for (const text of injected) {
      // Inside the page's content: the end tags after it show it is not in Next's trailing run.
      const html = `<body><main><p>Dealer text <script>${text}</script></p></main>${nextTail()}`;
      const result = await passOverDocument(html, false);
      expect(result.scriptHashes, text).not.toContain(sha(text === BOOT ? "never" : text));
      expect(result.scriptHashes.slice().sort(), text).toEqual(only(...PAYLOAD));
    }
    // A script in the run that is not in Next's form is refused, and the run starts again after it.
    const broken = await passOverDocument(`<body><p>x</p><script>${BOOT}</script><script>alert(1)</script><script>${push("a")}</script></body>`, false);
    expect(broken.scriptHashes).toEqual([]);
    expect(broken.unlisted).toBe(3);
    // A push before any bootstrap is not Next's; nor is one with attributes, a raw "<" or code
    // around the data (and it breaks the run it was in).
    for (const text of [push("a"), 'self.__next_f.push([1,"<script>"])', "self.__next_f.push([1,alert(1)])", 'self.__next_f.push([9,"x"])']) {
      expect((await passOverDocument(`<body><script>${BOOT}</script><script>${text}</script></body>`, false)).scriptHashes, text).toEqual(
        text === push("a") ? only(BOOT, text) : [],
      );
    }
    expect((await passOverDocument(`<body><p>x</p><script>${push("a")}</script></body>`, false)).scriptHashes).toEqual([]);
    expect((await passOverDocument(`<body><script>${BOOT}</script><script data-x="1">${push("a")}</script></body>`, false)).scriptHashes).toEqual([]);
  });

  it("lists no hash for JSON-LD (data, never run) and none for an inline script nobody registered", async () => {
    const html = `<body><script type="application/ld+json">{"a":1}</script><script>unknown()</script>${nextTail([BOOT])}`;
    const result = await passOverDocument(html, false);
    expect(result.scriptHashes).toEqual(only(BOOT));
    expect(result.unlisted).toBe(1);
    // A type the browser runs is a script, whatever its spelling; a data block placed among Next's scripts breaks the run.
    expect((await passOverDocument(`<script type=" Text/JavaScript ">x()</script><script type="module">y()</script>`, false)).unlisted).toBe(2);
    expect(
      (await passOverDocument(`<body><script>${BOOT}</script><script type="application/json">{}</script><script>${push("a")}</script></body>`, false))
        .scriptHashes,
    ).toEqual([]);
  });

  it("takes Next's form state after the bootstrap and the base64 chunks", async () => {
    const boot = `${BOOT};self.__next_f.push([2,{"s":1}])`;
    const bin = `self.__next_f.push([3,"AAEC"])`;
    expect((await passOverDocument(`<body>${nextTail([boot, bin])}`, false)).scriptHashes.slice().sort()).toEqual(only(boot, bin));
    expect(flightScriptKind(`${BOOT};alert(1)`)).toBeNull();
  });

  it("ends a script where the browser ends it: at the first </script>, even inside a JSON string", async () => {
    // JSON does not escape "</script>", so the browser ends the data block there and reads the
    // rest as markup; the page's own JSON-LD escapes "<" (blocks/shared), which is why it never happens.
    const html = `<script type="application/ld+json">{"name":"</script><script>${PLATFORM}</script>"}`;
    expect(await hashes(html)).toEqual(only(PLATFORM));
    // "</script" followed by attributes or a slash still ends it.
    expect(await hashes(`<script>a()</script data-x="1"><script>${PLATFORM}</script/>`)).toEqual(only(PLATFORM));
  });

  it("keeps reading a script past a </script> the browser does not end it at (<!--<script> inside)", async () => {
    // After "<!--<script>" in a script's text the tokenizer is in the double-escaped state: the
    // next "</script>" only leaves it, and the script runs to the one after; its text is not a constant.
    const text = `${PLATFORM}var s="<!--<script>";</script>b()`;
    const result = await passOverDocument(`<body><script>${text}</script><p>after</p><script>${PLATFORM}</script></body>`, false);
    expect(result.scriptHashes).toEqual(only(PLATFORM));
    expect(result.unlisted).toBe(1);
  });

  it("reads a start tag's attributes as the browser does: '>' inside quotes, src in another attribute's name", async () => {
    expect(await hashes(`<script data-note="a>b">${PLATFORM}</script>`)).toEqual(only(PLATFORM));
    expect((await passOverDocument(`<script data-src="/x.js">go()</script><script type=module src=/m.js></script>`, false)).unlisted).toBe(1);
    expect((await passOverDocument(`<script SRC='/x.js'></script>`, false)).unlisted).toBe(0);
  });

  it("hashes the text the browser hashes: CR LF read as LF", async () => {
    expect(await hashes(`<script>${PLATFORM.replace("{", "{\r\n")}</script>`)).toEqual([]);
    allowInlineScripts(["a()\nb()\nc()"]);
    expect(await hashes("<script>a()\r\nb()\rc()</script>")).toEqual(only("a()\nb()\nc()"));
  });

  it("lists no script from a comment, a <noscript>, a <textarea> or a <title>", async () => {
    const t = PLATFORM;
    expect(
      await hashes(
        `<head><title><script>${t}</script></title></head><body><!-- <script>${t}</script> --><noscript><script>${t}</script></noscript><textarea><script>${t}</script></textarea></body>`,
      ),
    ).toEqual([]);
  });

  it("reads an SVG script as the browser does: entities decoded, external by href, self-closing without a body; never Next's payload", async () => {
    allowInlineScripts(["a&&b()"]);
    const html = `<body><svg><script>a&amp;&amp;b()</script><script href="/icons.js"></script><script/><script>${BOOT}</script><text>x</text></svg><script>${PLATFORM}</script></body>`;
    const result = await passOverDocument(html, false);
    expect(result.scriptHashes.slice().sort()).toEqual(only("a&&b()", PLATFORM));
    expect(result.unlisted).toBe(1);
  });

  it("hashes what it writes on a page that paints first: the loader and each call, not the tags it replaced", async () => {
    const { scriptHashes, html } = await passOverDocument(`<head><script src="/_next/static/chunks/a.js" async=""></script></head>`, true);
    expect(html).not.toBeNull();
    expect(scriptHashes.slice().sort()).toEqual(only(LOADER_SOURCE, 'self.__afterPaint("/_next/static/chunks/a.js",1)'));
  });

  it("keeps Next's payload after the framework scripts it rewrites at the end of the body", async () => {
    const { scriptHashes } = await passOverDocument(`<body><p>x</p>${nextTail()}`, true);
    expect(scriptHashes.slice().sort()).toEqual(only(LOADER_SOURCE, 'self.__afterPaint("/_next/static/chunks/a.js",1)', ...PAYLOAD));
  });
});

describe("processDocument", () => {
  it("sends the input itself when nothing is rewritten, and the rewritten document otherwise", async () => {
    const plain = Buffer.from(`<p>Price: $25,990 — “Great Deal” ✓</p><script>${PLATFORM}</script>`);
    const result = await processDocument(plain, { afterPaint: true });
    expect(result.body).toBe(plain);
    expect(result.scriptHashes).toEqual([sha(PLATFORM)]);
    const marked = Buffer.from(`<head><script src="/_next/static/chunks/a.js" async=""></script></head><p>✓</p>`);
    expect((await processDocument(marked, { afterPaint: true })).body.toString("utf8")).toContain("__afterPaint(");
    expect((await processDocument(marked, { afterPaint: false })).body).toBe(marked);
  });

  it("drops `as` from stylesheet links (valid only on preloads) and leaves preloads and other links as they were", async () => {
    const head = (links: string) => `<html><head>${links}</head><body><p>x</p></body></html>`;
    const dynamic = `<link href="/_next/static/chunks/f.css" rel="stylesheet" as="style" data-precedence="dynamic"/>`;
    const { html } = await passOverDocument(head(dynamic), false);
    expect(html).toBe(head(`<link href="/_next/static/chunks/f.css" rel="stylesheet" data-precedence="dynamic"/>`));
    const untouched = head(`<link rel="preload" as="style" href="/a.css"/><link rel="stylesheet" href="/b.css"/><link rel="icon" href="/i.svg"/>`);
    expect((await passOverDocument(untouched, false)).html).toBeNull();
  });

  it("passes over an unchanged body once: the same bytes again (a new buffer) get the remembered result", async () => {
    const page = `<script>unique(${Date.now()})</script><head><script src="/_next/static/chunks/a.js" async=""></script></head>`;
    const first = await processDocument(Buffer.from(page), { afterPaint: true });
    const again = await processDocument(Buffer.from(page), { afterPaint: true });
    expect(again.scriptHashes).toBe(first.scriptHashes);
    expect(again.body).toBe(first.body);
    // Concurrent first requests share one pass as well.
    const other = page.replace("unique(", "other(");
    const [a, b] = await Promise.all([processDocument(Buffer.from(other), { afterPaint: true }), processDocument(Buffer.from(other), { afterPaint: true })]);
    expect(b.scriptHashes).toBe(a.scriptHashes);
    // Scripts the app registers later (instrumentation.ts may finish after a first request) are taken into account.
    const late = "late()";
    const withLate = Buffer.from(`<script>${late}</script>`);
    expect((await processDocument(withLate, { afterPaint: false })).scriptHashes).toEqual([]);
    allowInlineScripts([late]);
    expect((await processDocument(withLate, { afterPaint: false })).scriptHashes).toEqual([sha(late)]);
    // A different body or option is its own entry.
    expect((await processDocument(Buffer.from(page), { afterPaint: false })).scriptHashes).not.toBe(first.scriptHashes);
  });
});
