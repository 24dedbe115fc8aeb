/**
 * A picture uploaded in the studio for a dealer's logo or favicon: what it is (by its bytes, never
 * by the name or type the browser gave), whether it fits its use, and (a logo) the size to draw it
 * at. One set of checks for both uses (`checkPicture`), differing only in the types and shapes each
 * takes: a logo is a PNG, JPEG, WebP or SVG the header can show; a favicon a square PNG, SVG or
 * ICO. At most LOGO_MAX_BYTES either way; an SVG with anything that could run or fetch (scripts,
 * event attributes, foreign objects, outside links, entity declarations) is refused whole rather
 * than cleaned, so what is stored is exactly what was checked. Pure.
 */
import { createHash } from "node:crypto";
import { imageSize } from "image-size";

export const LOGO_MAX_BYTES = 1_000_000;

/** The header draws a logo this tall unless it is very wide (the schema allows 16-200 × 16-600). */
export const LOGO_DISPLAY_HEIGHT = 48;
/** Wider than this and it crowds the menu on a phone (the header gives the logo at most 55% of the row). */
export const LOGO_MAX_DISPLAY_WIDTH = 300;
const MIN_SIDE = 16;

/** The smallest side of a raster favicon: browsers and home screens ask for 48 pixels and up (an SVG scales). */
export const FAVICON_MIN_SIDE = 48;

export type LogoType = "png" | "jpeg" | "webp" | "svg" | "ico";

/** What an uploaded picture is for: the header's logo or the browser tab's favicon. */
export type PictureUse = "logo" | "favicon";

const CONTENT_TYPES: Record<LogoType, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp", svg: "image/svg+xml", ico: "image/x-icon" };

export interface CheckedLogo {
  ok: true;
  use: PictureUse;
  type: LogoType;
  contentType: string;
  /** The picture's own size (an SVG's from its width and height or viewBox). */
  width: number;
  height: number;
  /** The size proposed to draw it at in the header. */
  display: { width: number; height: number };
  /** What to know but not a reason to refuse (a small raster picture looks blurred). */
  warnings: string[];
  /** A key fragment from its content: the same picture uploaded twice is one blob. */
  hash: string;
}

export type LogoCheck = CheckedLogo | { ok: false; message: string };

const starts = (b: Uint8Array, bytes: number[], at = 0) => bytes.every((x, i) => b[at + i] === x);

function sniff(b: Uint8Array): LogoType | null {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(b, [0x52, 0x49, 0x46, 0x46]) && starts(b, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  // An icon directory: reserved 0, type 1, then at least one image.
  if (starts(b, [0x00, 0x00, 0x01, 0x00]) && (b[4] > 0 || b[5] > 0)) return "ico";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(b.subarray(0, 1024)).replace(/^\uFEFF/, "");
  // An XML declaration, comments and a doctype may come before the root element.
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?/i, "");
  return /^<svg[\s>]/i.test(rest) ? "svg" : null;
}

/**
 * What in an SVG could run, fetch or reach outside the picture. A browser runs none of it in an
 * <img>, but the file is served on the dealer's own address where it could be opened directly.
 * Matched on the text (a parse would add a dependency and a second reading of what we store).
 */
const SVG_DANGERS: [RegExp, string][] = [
  [/<script[\s>/]/i, "a script"],
  [/\son[a-z]+\s*=/i, "an event attribute (onload, onclick …)"],
  [/<foreignObject[\s>/]/i, "embedded web content (foreignObject)"],
  [/<(iframe|embed|object|audio|video)[\s>/]/i, "embedded content"],
  [/<!ENTITY/i, "an entity declaration"],
  [/javascript:/i, "a javascript: link"],
  [/(?:href|src)\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)/i, "a link to something outside the picture"],
  [/url\(\s*["']?\s*(?!#|data:image\/(?:png|jpeg|webp|gif);)/i, "a style that loads something from outside the picture"],
  [/@import/i, "a style that loads something from outside the picture"],
];

/** The size to draw a picture of these proportions at in the header: 48 pixels tall, less (down to 16) to stay within 300 pixels wide. */
export function proposedDisplay(width: number, height: number): { width: number; height: number } {
  const ratio = width / height;
  let h = LOGO_DISPLAY_HEIGHT;
  if (h * ratio > LOGO_MAX_DISPLAY_WIDTH) h = Math.max(MIN_SIDE, Math.round(LOGO_MAX_DISPLAY_WIDTH / ratio));
  return { width: Math.max(MIN_SIDE, Math.round(h * ratio)), height: h };
}

/** What each use takes: its name in messages, the types it accepts (in words too) and the shape rules after the size is known. */
interface PictureRules {
  words: string;
  types: readonly LogoType[];
  typeWords: string;
  tooLarge: string;
  shape: (type: LogoType, width: number, height: number) => { message: string } | { display: { width: number; height: number }; warnings: string[] };
}

const RULES: Record<PictureUse, PictureRules> = {
  logo: {
    words: "a logo",
    types: ["png", "jpeg", "webp", "svg"],
    typeWords: "a PNG, SVG, JPEG or WebP picture",
    tooLarge: "Save it smaller (an SVG, or a PNG about 600 pixels wide).",
    shape: logoShape,
  },
  favicon: {
    words: "a favicon",
    types: ["png", "svg", "ico"],
    typeWords: "a PNG, SVG or ICO picture",
    tooLarge: "Save it smaller (an SVG, or a PNG of 512×512 or less).",
    shape: faviconShape,
  },
};

/** An ICO holds several sizes: the largest is the one that matters for sharp screens. */
function sizeOf(bytes: Uint8Array): { width?: number; height?: number } {
  const size = imageSize(bytes) as { width?: number; height?: number; images?: { width: number; height: number }[] };
  if (!size.images?.length) return size;
  return size.images.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
}

/** Checks an uploaded picture for its use (see the top of this file). */
export function checkPicture(bytes: Uint8Array, use: PictureUse): LogoCheck {
  const rules = RULES[use];
  if (bytes.byteLength === 0) return { ok: false, message: "The file is empty." };
  if (bytes.byteLength > LOGO_MAX_BYTES)
    return {
      ok: false,
      message: `The picture is ${(bytes.byteLength / 1_000_000).toFixed(1)} MB; ${rules.words} may be at most 1 MB. ${rules.tooLarge}`,
    };
  const type = sniff(bytes);
  if (!type || !rules.types.includes(type)) return { ok: false, message: `This file is not ${rules.typeWords}.` };
  if (type === "svg") {
    const text = new TextDecoder().decode(bytes);
    const danger = SVG_DANGERS.find(([re]) => re.test(text));
    if (danger)
      return { ok: false, message: `This SVG contains ${danger[1]}, which ${rules.words} may not. Export it again as a plain picture (or as a PNG).` };
  }
  let size: { width?: number; height?: number };
  try {
    size = sizeOf(bytes);
  } catch {
    return { ok: false, message: `The ${type.toUpperCase()} file could not be read: it may be damaged.` };
  }
  const { width, height } = size;
  if (!width || !height) return { ok: false, message: "The picture has no size: give the SVG a width and height or a viewBox." };
  const shape = rules.shape(type, width, height);
  if ("message" in shape) return { ok: false, message: shape.message };
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  return { ok: true, use, type, contentType: CONTENT_TYPES[type], width, height, display: shape.display, warnings: shape.warnings, hash };
}

export const checkLogo = (bytes: Uint8Array): LogoCheck => checkPicture(bytes, "logo");
export const checkFavicon = (bytes: Uint8Array): LogoCheck => checkPicture(bytes, "favicon");

/** A favicon is square; a raster one at least FAVICON_MIN_SIDE pixels (an SVG scales to any size). */
function faviconShape(type: LogoType, width: number, height: number) {
  if (Math.abs(width - height) > Math.max(width, height) * 0.01)
    return { message: `The picture is ${width}×${height}: a favicon must be square. Crop it to the same width and height.` };
  if (type !== "svg" && width < FAVICON_MIN_SIDE)
    return {
      message: `The picture is ${width}×${height}: a favicon must be at least ${FAVICON_MIN_SIDE}×${FAVICON_MIN_SIDE} pixels. Upload a larger one, or an SVG.`,
    };
  return { display: { width, height }, warnings: [] };
}

/** A logo the header can show: not absurdly wide or tall; drawn 48 pixels tall where it fits, with warnings when it will look poor. */
function logoShape(type: LogoType, width: number, height: number) {
  const ratio = width / height;
  if (ratio > 600 / MIN_SIDE) return { message: `The picture is ${width}×${height}: far too wide for the header. Crop the space around the logo.` };
  if (ratio < MIN_SIDE / 200) return { message: `The picture is ${width}×${height}: far too tall and narrow for the header. Crop the space around the logo.` };
  const display = proposedDisplay(width, height);
  const warnings: string[] = [];
  if (ratio > 8) warnings.push(`The logo is very wide (${width}×${height}): it is drawn ${display.height} pixels tall, which may be hard to read.`);
  if (ratio < 0.75) warnings.push(`The logo is taller than it is wide (${width}×${height}): it will look small in the header.`);
  if (type !== "svg" && height < display.height * 2)
    warnings.push(
      `The picture is only ${height} pixels tall: it looks blurred on sharp screens. Upload one at least ${display.height * 2} pixels tall, or an SVG.`,
    );
  return { display, warnings };
}

const EXTENSIONS: Record<LogoType, string> = { png: "png", jpeg: "jpg", webp: "webp", svg: "svg", ico: "ico" };

/** Where a dealer's uploaded pictures live in the blob store, and the address a manifest writes for one. */
export const dealerMediaPrefix = (name: string) => `dealers/${name}/`;
/** Where an uploaded picture is kept: named by its use and content, so the same picture uploaded twice is one blob. */
export const logoKey = (name: string, logo: CheckedLogo) => `${dealerMediaPrefix(name)}${logo.use}-${logo.hash}.${EXTENSIONS[logo.type]}`;
export const MEDIA_PATH = "/api/media/";
export const mediaPath = (key: string) => `${MEDIA_PATH}${key}`;
