import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { checkFavicon, checkLogo, LOGO_MAX_BYTES, logoKey, mediaPath, proposedDisplay } from "./logo-upload";

const svg = (body: string, attrs = 'viewBox="0 0 600 140"') => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);
const raster = (width: number, height: number, format: "png" | "jpeg" | "webp") =>
  sharp({ create: { width, height, channels: 3, background: "#c00" } })
    .toFormat(format)
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe("an uploaded logo", () => {
  it("is recognised by its bytes (PNG, JPEG, WebP, SVG) with its size and a display size for the header", async () => {
    for (const format of ["png", "jpeg", "webp"] as const) {
      const r = checkLogo(await raster(600, 140, format));
      expect(r).toMatchObject({ ok: true, type: format, width: 600, height: 140, display: { width: 206, height: 48 }, warnings: [] });
    }
    expect(checkLogo(svg('<rect width="600" height="140"/>'))).toMatchObject({ ok: true, type: "svg", contentType: "image/svg+xml", width: 600, height: 140 });
    expect(
      checkLogo(new TextEncoder().encode('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"/>')),
    ).toMatchObject({
      ok: true,
      type: "svg",
    });
  });

  it("refuses anything else, an empty file and one over the size limit", () => {
    expect(checkLogo(new TextEncoder().encode("GIF89a......"))).toEqual({ ok: false, message: "This file is not a PNG, SVG, JPEG or WebP picture." });
    expect(checkLogo(new TextEncoder().encode("<html><svg></svg></html>"))).toMatchObject({ ok: false });
    expect(checkLogo(new Uint8Array())).toEqual({ ok: false, message: "The file is empty." });
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkLogo(big)).toMatchObject({ ok: false, message: expect.stringContaining("at most 1 MB") });
  });

  it("refuses an SVG that could run or fetch anything", () => {
    const cases: [string, string][] = [
      ["<script>alert(1)</script>", "a script"],
      ['<rect onload="alert(1)" width="1" height="1"/>', "an event attribute"],
      ["<foreignObject><div/></foreignObject>", "foreignObject"],
      ['<a href="javascript:alert(1)"><rect/></a>', "javascript:"],
      ['<image href="https://evil.example/x.png"/>', "outside the picture"],
      ["<style>@import url(https://evil.example/x.css);</style>", "outside the picture"],
      ['<rect style="fill:url(https://evil.example/p)"/>', "outside the picture"],
    ];
    for (const [body, words] of cases) {
      const r = checkLogo(svg(body));
      expect(r.ok, body).toBe(false);
      expect(!r.ok && r.message, body).toContain(words);
    }
    expect(checkLogo(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="600" height="140"/><use href="#g"/>')).ok).toBe(true);
  });

  it("checks proportions the header can show and warns when a picture will look poor", async () => {
    expect(checkLogo(svg("", 'viewBox="0 0 4000 20"'))).toMatchObject({ ok: false, message: expect.stringContaining("far too wide") });
    expect(checkLogo(svg("", 'viewBox="0 0 10 400"'))).toMatchObject({ ok: false, message: expect.stringContaining("far too tall") });
    expect(checkLogo(svg("", 'viewBox="0 0 100 0"'))).toMatchObject({ ok: false });
    const small = checkLogo(await raster(120, 28, "png"));
    expect(small.ok && small.warnings.join(" ")).toContain("blurred");
    const wide = checkLogo(svg("", 'viewBox="0 0 1000 100"'));
    expect(wide).toMatchObject({ ok: true, display: { width: 300, height: 30 } });
    expect(wide.ok && wide.warnings.join(" ")).toContain("very wide");
  });

  it("proposes 48 pixels tall, less to stay within 300 pixels wide", () => {
    expect(proposedDisplay(200, 200)).toEqual({ width: 48, height: 48 });
    expect(proposedDisplay(600, 140)).toEqual({ width: 206, height: 48 });
    // Never under 16 pixels tall (the schema's least): a very wide logo is then wider than 300.
    expect(proposedDisplay(3000, 100)).toEqual({ width: 480, height: 16 });
  });

  it("is stored under the dealer by its content and served from /api/media", () => {
    const r = checkLogo(svg('<rect width="600" height="140"/>'));
    if (!r.ok) throw new Error("expected a valid logo");
    expect(logoKey("ace-motors", r)).toMatch(/^dealers\/ace-motors\/logo-[0-9a-f]{12}\.svg$/);
    expect(mediaPath(logoKey("ace-motors", r))).toMatch(/^\/api\/media\/dealers\/ace-motors\/logo-/);
  });
});

describe("an uploaded favicon", () => {
  /** An icon directory of one image of this size (a side of 256 is written 0). */
  const ico = (side: number) => {
    const b = new Uint8Array(22);
    b.set([0, 0, 1, 0, 1, 0, side % 256, side % 256]);
    return b;
  };

  it("takes a square PNG, SVG or ICO, stored by its use and content", async () => {
    expect(checkFavicon(await raster(64, 64, "png"))).toMatchObject({ ok: true, use: "favicon", type: "png", contentType: "image/png", width: 64 });
    expect(checkFavicon(svg('<rect width="16" height="16"/>', 'viewBox="0 0 16 16"'))).toMatchObject({ ok: true, type: "svg" });
    expect(checkFavicon(ico(256))).toMatchObject({ ok: true, type: "ico", contentType: "image/x-icon", width: 256, height: 256 });
    const r = checkFavicon(await raster(48, 48, "png"));
    if (!r.ok) throw new Error(r.message);
    expect(logoKey("ace-motors", r)).toMatch(/^dealers\/ace-motors\/favicon-[0-9a-f]{12}\.png$/);
  });

  it("refuses a picture that is not square, a raster one under 48×48, and other types, saying what is wrong", async () => {
    expect(checkFavicon(await raster(96, 48, "png"))).toEqual({
      ok: false,
      message: "The picture is 96×48: a favicon must be square. Crop it to the same width and height.",
    });
    expect(checkFavicon(await raster(32, 32, "png"))).toEqual({
      ok: false,
      message: "The picture is 32×32: a favicon must be at least 48×48 pixels. Upload a larger one, or an SVG.",
    });
    expect(checkFavicon(ico(16))).toMatchObject({ ok: false, message: expect.stringContaining("at least 48×48") });
    expect(checkFavicon(await raster(64, 64, "jpeg"))).toEqual({ ok: false, message: "This file is not a PNG, SVG or ICO picture." });
    // An icon is no logo: the logo keeps its own types.
    expect(checkLogo(ico(256))).toEqual({ ok: false, message: "This file is not a PNG, SVG, JPEG or WebP picture." });
  });

  it("has the logo's size limit and SVG safety checks, in a favicon's words", () => {
    const r = checkFavicon(svg('<script>alert(1)</script><rect width="16" height="16"/>', 'viewBox="0 0 16 16"'));
    expect(r).toEqual({ ok: false, message: "This SVG contains a script, which a favicon may not. Export it again as a plain picture (or as a PNG)." });
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(checkFavicon(big)).toMatchObject({ ok: false, message: expect.stringContaining("a favicon may be at most 1 MB") });
  });
});
