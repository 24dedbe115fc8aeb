import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { LOADER_SOURCE } from "./after-paint-scripts.mjs";
import { passOverDocument, processDocument } from "./document-pass.mjs";

const sha = (s: string) => createHash("sha256").update(s, "utf8").digest("base64");
const hashes = async (html: string) => (await passOverDocument(html, false)).scriptHashes.slice().sort();
const only = (...texts: string[]) => texts.map(sha).sort();

describe("inline script hashes", () => {
  it("hashes every inline script's text exactly, skipping scripts with a src", async () => {
    const html = `<html><head><script src="/_next/static/a.js" async></script><script>self.__next_f.push([1,"x"])</script></head><body><script type="application/ld+json">{"a":1}</script><SCRIPT>é</SCRIPT></body></html>`;
    expect(await hashes(html)).toEqual(only('self.__next_f.push([1,"x"])', '{"a":1}', "é"));
  });

  it("ends a script where the browser ends it: at the first </script>, even inside a JSON string", async () => {
    // JSON does not escape "</script>", so the browser ends the data block there and reads the
    // rest as markup; the page's own JSON-LD escapes "<" (blocks/shared), which is why it never happens.
    const html = `<script type="application/ld+json">{"name":"</script><script>b()</script>"}`;
    expect(await hashes(html)).toEqual(only('{"name":"', "b()"));
    // "</script" followed by attributes or a slash still ends it.
    expect(await hashes(`<script>a()</script data-x="1"><script>b()</script/>`)).toEqual(only("a()", "b()"));
  });

  it("keeps reading a script past a </script> the browser does not end it at (<!--<script> inside)", async () => {
    // After "<!--<script>" in a script's text the tokenizer is in the double-escaped state: the
    // next "</script>" only leaves it, and the script runs to the one after.
    const text = `var s="<!--<script>";</script>b()`;
    expect(await hashes(`<body><script>${text}</script><p>after</p><script>c()</script></body>`)).toEqual(only(text, "c()"));
  });

  it("reads a start tag's attributes as the browser does: '>' inside quotes, src in another attribute's name", async () => {
    expect(await hashes(`<script data-note="a>b">go()</script>`)).toEqual(only("go()"));
    expect(await hashes(`<script data-src="/x.js">go()</script><script type=module src=/m.js></script>`)).toEqual(only("go()"));
    expect(await hashes(`<script SRC='/x.js'></script>`)).toEqual([]);
  });

  it("hashes the text the browser hashes: CR LF read as LF", async () => {
    expect(await hashes("<script>a()\r\nb()\rc()</script>")).toEqual(only("a()\nb()\nc()"));
  });

  it("lists no script from a comment, a <noscript>, a <textarea> or a <title>", async () => {
    expect(
      await hashes(
        `<head><title><script>t()</script></title></head><body><!-- <script>c()</script> --><noscript><script>n()</script></noscript><textarea><script>x()</script></textarea></body>`,
      ),
    ).toEqual([]);
  });

  it("reads an SVG script as the browser does: entities decoded, external by href, self-closing without a body", async () => {
    const html = `<body><svg><script>a&amp;&amp;b()</script><script href="/icons.js"></script><script/><text>x</text></svg><script>after()</script></body>`;
    expect(await hashes(html)).toEqual(only("a&&b()", "after()"));
  });

  it("hashes what it writes on a page that paints first: the loader and each call, not the tags it replaced", async () => {
    const { scriptHashes, html } = await passOverDocument(`<head><script src="/_next/static/chunks/a.js" async=""></script></head>`, true);
    expect(html).not.toBeNull();
    expect(scriptHashes.slice().sort()).toEqual(only(LOADER_SOURCE, 'self.__afterPaint("/_next/static/chunks/a.js",1)'));
  });
});

describe("processDocument", () => {
  it("sends the input itself when nothing is rewritten, and the rewritten document otherwise", async () => {
    const plain = Buffer.from("<p>Price: $25,990 — “Great Deal” ✓</p><script>x()</script>");
    const result = await processDocument(plain, { afterPaint: true });
    expect(result.body).toBe(plain);
    expect(result.scriptHashes).toEqual([sha("x()")]);
    const marked = Buffer.from(`<head><script src="/_next/static/chunks/a.js" async=""></script></head><p>✓</p>`);
    expect((await processDocument(marked, { afterPaint: true })).body.toString("utf8")).toContain("__afterPaint(");
    expect((await processDocument(marked, { afterPaint: false })).body).toBe(marked);
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
    // A different body or option is its own entry.
    expect((await processDocument(Buffer.from(page), { afterPaint: false })).scriptHashes).not.toBe(first.scriptHashes);
  });
});
