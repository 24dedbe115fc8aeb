/**
 * Offline vehicle pictures: an SVG of a stylised vehicle (distinct by body, paint and angle) on a
 * sky or showroom background with a soft ground shadow, rasterised by sharp to WebP or JPEG at
 * the requested width (4:3). No network, no stock photos.
 *
 * Exterior views are composed from a side profile and a front or rear face, each squeezed by the
 * viewing angle, so one drawing per body gives the gallery angles and all 36 spin frames.
 */
import "server-only";
import sharp from "sharp";
import { LRUCache } from "lru-cache";
import { diskCacheFile, readCachedImage, writeCachedImage } from "./disk-cache";
import {
  DEFAULT_IMAGE_QUALITY,
  DEFAULT_IMAGE_WIDTH,
  MAX_IMAGE_WIDTH,
  MIN_IMAGE_WIDTH,
  PAGE_IMAGE_QUALITIES,
  PAGE_IMAGE_WIDTHS,
  SPIN_FRAMES,
  type ImageAngle,
  type ImageBody,
  type ImagePaint,
  type ImageFormat,
  type VehicleImageOptions,
  isImagePaint,
  paintColour,
} from "./vehicle-image-url";

export {
  parseVehicleImagePath,
  vehicleImageUrl,
  IMAGE_BODIES,
  IMAGE_COLOURS,
  GALLERY_ANGLES,
  type VehicleImageOptions,
  type ImageBody,
  type ImageColour,
  type ImagePaint,
  type HexPaint,
  type ImageAngle,
  type ImageFormat,
  hexPaint,
} from "./vehicle-image-url";

export interface RenderVehicleImageInput {
  body: ImageBody;
  colour: ImagePaint;
  angle: ImageAngle;
  width?: number;
  quality?: number;
  format?: ImageFormat;
  variation?: number;
}

export interface RenderedImage {
  buffer: Buffer;
  contentType: "image/webp" | "image/jpeg";
  width: number;
  height: number;
}

const W = 800;
const H = 600;
const GROUND = 470;

// ---------------------------------------------------------------------------------------------
// Colour helpers

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
function shade(hex: string, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(amount < 0 ? c * (1 + amount) : c + (255 - c) * amount)));
  return `#${[f(r), f(g), f(b)].map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

// ---------------------------------------------------------------------------------------------
// Side profiles (facing left, local x 100..700) and face dimensions

interface Profile {
  outline: string;
  glass: string;
  wheels: number[];
  wheelR: number;
  /** Face (front/rear) geometry. */
  faceW: number;
  roofW: number;
  roofY: number;
  beltY: number;
  bottomY: number;
  extras?: (paint: string) => string;
  kind: "car" | "motorcycle" | "truck" | "caravan";
}

/** The ute and the cab-chassis are one cab on the same wheelbase; only what sits behind it differs. */
const SINGLE_CAB: Omit<Profile, "outline" | "extras"> = {
  kind: "car",
  wheels: [210, 590],
  wheelR: 46,
  faceW: 440,
  roofW: 320,
  roofY: 268,
  beltY: 338,
  bottomY: 424,
  glass: "M268,336 L322,280 L440,280 L448,336 Z",
};

const PROFILES: Record<ImageBody, Profile> = {
  sedan: {
    kind: "car",
    wheels: [215, 590],
    wheelR: 42,
    faceW: 420,
    roofW: 290,
    roofY: 288,
    beltY: 350,
    bottomY: 432,
    outline: "M110,432 L104,392 Q110,372 140,366 L265,352 Q300,300 340,290 L470,288 Q520,300 575,345 L688,356 Q700,370 698,400 L694,432 Z",
    glass: "M282,350 L340,300 L462,298 L548,348 Z",
    extras: () => `<path d="M410,298 L410,350" stroke="#222" stroke-width="6"/>`,
  },
  hatch: {
    kind: "car",
    wheels: [215, 560],
    wheelR: 40,
    faceW: 400,
    roofW: 290,
    roofY: 282,
    beltY: 348,
    bottomY: 432,
    outline: "M130,432 L124,392 Q130,370 160,362 L270,350 Q310,295 350,284 L560,282 Q600,290 640,330 L650,400 L645,432 Z",
    glass: "M288,348 L352,294 L556,292 L598,336 L598,348 Z",
    extras: () => `<path d="M430,292 L430,348" stroke="#222" stroke-width="6"/>`,
  },
  suv: {
    kind: "car",
    wheels: [220, 585],
    wheelR: 48,
    faceW: 450,
    roofW: 340,
    roofY: 250,
    beltY: 326,
    bottomY: 420,
    outline: "M112,420 L108,372 Q112,345 150,338 L270,328 Q305,270 345,254 L610,250 Q660,254 680,300 L690,380 L686,420 Z",
    glass: "M290,326 L348,264 L600,262 L640,300 L640,326 Z",
    extras: () => `<path d="M450,262 L450,326 M560,262 L560,326" stroke="#222" stroke-width="6"/><path d="M360,246 L600,244" stroke="#333" stroke-width="5"/>`,
  },
  wagon: {
    kind: "car",
    wheels: [215, 600],
    wheelR: 42,
    faceW: 420,
    roofW: 300,
    roofY: 286,
    beltY: 350,
    bottomY: 432,
    outline: "M108,432 L104,392 Q110,372 140,366 L262,352 Q300,300 340,288 L640,286 Q676,292 690,330 L696,400 L692,432 Z",
    glass: "M282,350 L342,298 L630,296 L660,336 L660,350 Z",
    extras: () => `<path d="M430,296 L430,350 M560,296 L560,350" stroke="#222" stroke-width="6"/><path d="M360,282 L630,280" stroke="#333" stroke-width="4"/>`,
  },
  ute: {
    ...SINGLE_CAB,
    outline: "M108,424 L104,376 Q108,352 140,346 L250,338 Q285,285 320,270 L450,268 L462,340 L712,340 L712,392 L706,424 Z",
    extras: (paint) =>
      `<path d="M462,340 L712,340" stroke="${shade(paint, -0.45)}" stroke-width="6"/><path d="M380,280 L380,336" stroke="#222" stroke-width="6"/><path d="M470,332 L470,300 L520,300" stroke="#2a2a2a" stroke-width="6" fill="none"/>`,
  },
  cabchassis: {
    ...SINGLE_CAB,
    outline: "M108,424 L104,376 Q108,352 140,346 L250,338 Q285,285 320,270 L450,268 L460,424 Z",
    extras: () =>
      `<rect x="460" y="394" width="240" height="14" fill="#222"/><rect x="468" y="362" width="246" height="18" fill="#b9bec4"/><rect x="466" y="296" width="10" height="68" fill="#9aa0a6"/><path d="M476,300 L476,362 M500,300 L500,362 M524,300 L524,362" stroke="#9aa0a6" stroke-width="4"/>`,
  },
  van: {
    kind: "car",
    wheels: [210, 600],
    wheelR: 44,
    faceW: 440,
    roofW: 400,
    roofY: 220,
    beltY: 300,
    bottomY: 426,
    outline: "M108,426 L106,360 Q112,320 160,300 L240,236 Q260,222 290,220 L690,220 Q705,222 706,240 L708,426 Z",
    glass: "M175,300 L248,240 L300,238 L300,300 Z",
    extras: (paint) =>
      `<path d="M400,232 L400,410 M540,232 L540,410" stroke="${shade(paint, -0.35)}" stroke-width="4"/><rect x="420" y="330" width="30" height="8" rx="3" fill="#333"/>`,
  },
  peoplemover: {
    kind: "car",
    wheels: [215, 600],
    wheelR: 44,
    faceW: 440,
    roofW: 390,
    roofY: 232,
    beltY: 305,
    bottomY: 426,
    outline: "M108,426 L106,362 Q112,326 160,310 L240,246 Q260,234 290,232 L670,232 Q700,236 704,270 L708,426 Z",
    glass: "M178,306 L250,250 L660,248 L676,306 Z",
    extras: () => `<path d="M330,250 L330,306 M470,250 L470,306 M590,250 L590,306" stroke="#222" stroke-width="6"/>`,
  },
  coupe: {
    kind: "car",
    wheels: [220, 585],
    wheelR: 42,
    faceW: 430,
    roofW: 270,
    roofY: 300,
    beltY: 356,
    bottomY: 432,
    outline: "M110,432 L104,396 Q112,376 150,368 L290,356 Q340,306 380,300 L470,300 Q560,318 640,352 L690,362 Q700,378 698,402 L694,432 Z",
    glass: "M305,354 L382,310 L466,310 L560,350 Z",
    extras: (paint) => `<path d="M600,352 L692,356" stroke="${shade(paint, -0.4)}" stroke-width="4"/>`,
  },
  convertible: {
    kind: "car",
    wheels: [215, 560],
    wheelR: 40,
    faceW: 410,
    roofW: 300,
    roofY: 318,
    beltY: 358,
    bottomY: 432,
    outline: "M120,432 L116,396 Q124,376 160,370 L300,358 L560,360 L640,366 Q652,380 650,404 L646,432 Z",
    glass: "M300,358 L338,318 L350,318 L316,358 Z",
    extras: () => `<rect x="390" y="318" width="28" height="42" rx="9" fill="#1c1c1c"/><rect x="470" y="318" width="28" height="42" rx="9" fill="#1c1c1c"/>`,
  },
  truck: {
    kind: "truck",
    wheels: [230, 590],
    wheelR: 52,
    faceW: 400,
    roofW: 380,
    roofY: 178,
    beltY: 290,
    bottomY: 418,
    outline: "M110,418 L110,200 Q112,180 135,178 L290,178 L300,418 Z",
    glass: "M126,196 L220,196 L220,282 L126,292 Z",
    extras: (paint) =>
      `<rect x="306" y="150" width="414" height="252" rx="6" fill="#eef0f2" stroke="#c7ccd1" stroke-width="3"/><rect x="306" y="330" width="414" height="16" fill="${paint}"/><rect x="290" y="400" width="430" height="16" fill="#222"/><rect x="150" y="330" width="60" height="10" rx="3" fill="#333"/>`,
  },
  motorcycle: {
    kind: "motorcycle",
    wheels: [240, 560],
    wheelR: 68,
    faceW: 210,
    roofW: 200,
    roofY: 230,
    beltY: 300,
    bottomY: 402,
    outline: "M318,302 Q352,258 440,266 L466,302 Z",
    glass: "M290,246 Q300,220 332,226 L318,262 Z",
    extras: (paint) =>
      [
        `<path d="M240,402 L302,250" stroke="#a9afb6" stroke-width="12" stroke-linecap="round"/>`,
        `<path d="M300,246 L276,228" stroke="#222" stroke-width="9" stroke-linecap="round"/>`,
        `<circle cx="306" cy="268" r="15" fill="#f4f1d0" stroke="#333" stroke-width="3"/>`,
        `<rect x="350" y="316" width="104" height="66" rx="10" fill="#4b5057"/>`,
        `<path d="M362,330 L440,330 M362,346 L440,346 M362,362 L440,362" stroke="#6c727a" stroke-width="4"/>`,
        `<path d="M420,384 Q520,396 612,372" stroke="#c4c9ce" stroke-width="11" fill="none" stroke-linecap="round"/>`,
        `<path d="M450,372 L560,402" stroke="#2b2e33" stroke-width="12" stroke-linecap="round"/>`,
        `<path d="M452,304 L566,294 Q580,302 560,314 L456,316 Z" fill="#1d1f22"/>`,
        `<path d="M540,300 L616,318 L606,330 L548,316 Z" fill="${paint}"/>`,
        `<path d="M318,302 L360,316 L452,316 L466,302 Z" fill="${shade(paint, -0.3)}"/>`,
      ].join(""),
  },
  caravan: {
    kind: "caravan",
    wheels: [470],
    wheelR: 40,
    faceW: 420,
    roofW: 420,
    roofY: 165,
    beltY: 330,
    bottomY: 420,
    outline: "M170,420 L170,200 Q172,168 210,165 L680,165 Q712,168 714,200 L714,420 Z",
    glass: "M250,215 L360,215 L360,280 L250,280 Z M560,215 L660,215 L660,280 L560,280 Z",
    extras: (paint) => {
      const accent = luminance(paint) > 0.8 ? "#3c5a78" : shade(paint, 0.6);
      return [
        `<rect x="170" y="330" width="544" height="18" fill="${accent}"/>`,
        `<rect x="170" y="356" width="544" height="6" fill="${accent}" opacity="0.6"/>`,
        `<rect x="420" y="198" width="62" height="206" rx="6" fill="none" stroke="${shade(paint, -0.35)}" stroke-width="4"/>`,
        `<circle cx="470" cy="300" r="4" fill="#333"/>`,
        `<rect x="520" y="150" width="70" height="16" rx="4" fill="#d9dde1"/>`,
        `<path d="M170,404 L82,428 L170,420" stroke="#2c2f33" stroke-width="9" fill="none" stroke-linejoin="round"/>`,
        `<rect x="92" y="426" width="8" height="30" fill="#555"/><circle cx="96" cy="458" r="10" fill="#222"/>`,
        `<rect x="112" y="392" width="50" height="26" rx="3" fill="#3a3e44"/>`,
      ].join("");
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Pieces

function wheel(cx: number, cy: number, r: number): string {
  const spokes: string[] = [];
  for (let k = 0; k < 5; k++) {
    const a = (k * 2 * Math.PI) / 5;
    spokes.push(`M${cx},${cy} L${(cx + Math.cos(a) * r * 0.58).toFixed(1)},${(cy + Math.sin(a) * r * 0.58).toFixed(1)}`);
  }
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1d20"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.64).toFixed(1)}" fill="url(#rim)"/>` +
    `<path d="${spokes.join(" ")}" stroke="#7d848c" stroke-width="${Math.max(3, r * 0.12).toFixed(1)}" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${(r * 0.16).toFixed(1)}" fill="#50565d"/>`
  );
}

/** Side view of the vehicle in its local frame (facing left). */
function sideView(p: Profile, paint: string): string {
  const wheelY = GROUND - p.wheelR;
  const arches = p.kind === "motorcycle" ? "" : p.wheels.map((x) => `<circle cx="${x}" cy="${wheelY}" r="${p.wheelR + 6}" fill="#101214"/>`).join("");
  const wheels = p.wheels.map((x) => wheel(x, wheelY, p.wheelR)).join("");
  const trim =
    p.kind === "car"
      ? `<path d="${p.outline}" fill="none" stroke="${shade(paint, -0.45)}" stroke-width="3"/>` +
        `<rect x="${p.wheels[0] + 60}" y="${p.beltY + 22}" width="16" height="5" rx="2" fill="${shade(paint, -0.5)}"/>` +
        `<rect x="${p.wheels[0] + 190}" y="${p.beltY + 22}" width="16" height="5" rx="2" fill="${shade(paint, -0.5)}"/>`
      : "";
  const lights =
    p.kind === "car"
      ? `<ellipse cx="${firstX(p.outline) + 12}" cy="${p.beltY + 22}" rx="16" ry="8" fill="#f6f3dc"/>` +
        `<rect x="${lastX(p.outline) - 14}" y="${p.beltY + 14}" width="12" height="16" rx="3" fill="#c0161f"/>`
      : "";
  if (p.kind === "motorcycle") {
    return `${wheels}<g>${p.extras ? p.extras(paint) : ""}<path d="${p.outline}" fill="${paint}"/><path d="${p.outline}" fill="url(#sheen)"/><path d="${p.glass}" fill="url(#glass)" opacity="0.8"/></g>`;
  }
  return (
    (p.kind === "truck" && p.extras ? p.extras(paint) : "") +
    `<path d="${p.outline}" fill="${paint}"/><path d="${p.outline}" fill="url(#sheen)"/><path d="${p.outline}" fill="url(#lower)"/>` +
    `<path d="${p.glass}" fill="url(#glass)"/>` +
    (p.kind !== "truck" && p.extras ? p.extras(paint) : "") +
    trim +
    lights +
    arches +
    wheels
  );
}

function firstX(path: string): number {
  return Number(/M(\d+)/.exec(path)?.[1] ?? 100);
}
function lastX(path: string): number {
  const xs = [...path.matchAll(/(\d+),\d+/g)].map((m) => Number(m[1]));
  return Math.max(...xs);
}

/** Front or rear face, centred on x=400. */
function faceView(p: Profile, paint: string, rear: boolean): string {
  const cx = 400;
  const hw = p.faceW / 2;
  const rw = p.roofW / 2;
  const dark = shade(paint, -0.45);
  const tyreW = p.kind === "motorcycle" ? 26 : 44;
  const wheelXs = p.kind === "motorcycle" ? [cx] : [cx - hw + 34, cx + hw - 34];
  const wheels = wheelXs
    .map((x) => `<rect x="${x - tyreW / 2}" y="${p.bottomY - 30}" width="${tyreW}" height="${GROUND - p.bottomY + 30}" rx="8" fill="#17191b"/>`)
    .join("");

  if (p.kind === "motorcycle") {
    const light = rear
      ? `<rect x="${cx - 18}" y="300" width="36" height="14" rx="5" fill="#c0161f"/>`
      : `<circle cx="${cx}" cy="272" r="24" fill="#f6f3dc" stroke="#333" stroke-width="4"/>`;
    return (
      `<rect x="${cx - 13}" y="330" width="26" height="${GROUND - 330}" rx="10" fill="#17191b"/>` +
      `<path d="M${cx - 22},400 L${cx - 18},250 M${cx + 22},400 L${cx + 18},250" stroke="#a9afb6" stroke-width="9"/>` +
      `<path d="M${cx - 100},236 Q${cx},220 ${cx + 100},236" stroke="#222" stroke-width="9" fill="none" stroke-linecap="round"/>` +
      `<path d="M${cx - 60},300 Q${cx - 70},240 ${cx},226 Q${cx + 70},240 ${cx + 60},300 Q${cx},318 ${cx - 60},300 Z" fill="${paint}"/>` +
      `<path d="M${cx - 60},300 Q${cx - 70},240 ${cx},226 Q${cx + 70},240 ${cx + 60},300 Z" fill="url(#sheen)"/>` +
      `<rect x="${cx - 45}" y="310" width="90" height="56" rx="12" fill="#4b5057"/>` +
      light +
      `<circle cx="${cx - 110}" cy="214" r="10" fill="#333"/><circle cx="${cx + 110}" cy="214" r="10" fill="#333"/>`
    );
  }
  if (p.kind === "caravan") {
    const win = rear
      ? `<rect x="${cx - 150}" y="${p.roofY + 50}" width="300" height="70" rx="10" fill="url(#glass)"/><rect x="${cx - hw + 20}" y="360" width="34" height="24" rx="4" fill="#c0161f"/><rect x="${cx + hw - 54}" y="360" width="34" height="24" rx="4" fill="#c0161f"/><circle cx="${cx}" cy="300" r="46" fill="#1b1d20"/><circle cx="${cx}" cy="300" r="26" fill="url(#rim)"/>`
      : `<rect x="${cx - 120}" y="${p.roofY + 60}" width="240" height="80" rx="12" fill="url(#glass)"/><path d="M${cx - 170},420 L${cx},452 L${cx + 170},420" stroke="#2c2f33" stroke-width="10" fill="none"/><rect x="${cx - 90}" y="378" width="180" height="36" rx="4" fill="#3a3e44"/>`;
    const accent = luminance(paint) > 0.8 ? "#3c5a78" : shade(paint, 0.6);
    return (
      wheels +
      `<rect x="${cx - hw}" y="${p.roofY}" width="${p.faceW}" height="${p.bottomY - p.roofY}" rx="18" fill="${paint}"/>` +
      `<rect x="${cx - hw}" y="${p.roofY}" width="${p.faceW}" height="${p.bottomY - p.roofY}" rx="18" fill="url(#sheen)"/>` +
      `<rect x="${cx - hw}" y="${p.beltY}" width="${p.faceW}" height="18" fill="${accent}"/>` +
      win
    );
  }
  if (p.kind === "truck") {
    const box = `<rect x="${cx - hw - 30}" y="150" width="${p.faceW + 60}" height="252" rx="6" fill="#eef0f2" stroke="#c7ccd1" stroke-width="3"/>`;
    if (rear) {
      return (
        wheels +
        box +
        `<path d="M${cx},156 L${cx},396" stroke="#b5bbc1" stroke-width="4"/>` +
        `<rect x="${cx - hw - 20}" y="404" width="${p.faceW + 40}" height="16" fill="#222"/>` +
        `<rect x="${cx - hw - 20}" y="380" width="30" height="18" fill="#c0161f"/><rect x="${cx + hw - 10}" y="380" width="30" height="18" fill="#c0161f"/>`
      );
    }
    return (
      wheels +
      box +
      `<rect x="${cx - hw}" y="${p.roofY}" width="${p.faceW}" height="${p.bottomY - p.roofY}" rx="12" fill="${paint}"/>` +
      `<rect x="${cx - hw}" y="${p.roofY}" width="${p.faceW}" height="${p.bottomY - p.roofY}" rx="12" fill="url(#sheen)"/>` +
      `<rect x="${cx - hw + 20}" y="${p.roofY + 16}" width="${p.faceW - 40}" height="100" rx="8" fill="url(#glass)"/>` +
      `<path d="M${cx - 110},330 L${cx + 110},330 M${cx - 110},346 L${cx + 110},346 M${cx - 110},362 L${cx + 110},362" stroke="${dark}" stroke-width="7"/>` +
      `<rect x="${cx - hw + 14}" y="320" width="50" height="26" rx="6" fill="#f6f3dc"/><rect x="${cx + hw - 64}" y="320" width="50" height="26" rx="6" fill="#f6f3dc"/>` +
      `<rect x="${cx - hw - 6}" y="392" width="${p.faceW + 12}" height="26" rx="6" fill="#2a2d31"/>`
    );
  }
  // Cars
  const glassTop = p.roofY + 10;
  const glassBottom = p.beltY - 2;
  const lower = `<path d="M${cx - hw},${p.bottomY} L${cx - hw},${p.beltY + 12} Q${cx - hw},${p.beltY - 4} ${cx - hw + 24},${p.beltY - 6} L${cx + hw - 24},${p.beltY - 6} Q${cx + hw},${p.beltY - 4} ${cx + hw},${p.beltY + 12} L${cx + hw},${p.bottomY} Z"`;
  const cabin =
    p.roofY < p.beltY - 20
      ? `<path d="M${cx - hw + 30},${p.beltY} L${cx - rw},${p.roofY + 6} Q${cx},${p.roofY - 6} ${cx + rw},${p.roofY + 6} L${cx + hw - 30},${p.beltY} Z" fill="${paint}"/>` +
        `<path d="M${cx - hw + 46},${glassBottom} L${cx - rw + 14},${glassTop} L${cx + rw - 14},${glassTop} L${cx + hw - 46},${glassBottom} Z" fill="url(#glass)"/>`
      : "";
  const lightY = p.beltY + 18;
  const details = rear
    ? `<rect x="${cx - hw + 10}" y="${lightY}" width="70" height="22" rx="6" fill="#c0161f"/><rect x="${cx + hw - 80}" y="${lightY}" width="70" height="22" rx="6" fill="#c0161f"/>` +
      `<rect x="${cx - 50}" y="${p.bottomY - 58}" width="100" height="26" rx="3" fill="#f5f5f0" stroke="#333" stroke-width="2"/>`
    : `<path d="M${cx - hw + 12},${lightY} L${cx - hw + 92},${lightY + 4} L${cx - hw + 86},${lightY + 22} L${cx - hw + 16},${lightY + 20} Z" fill="#f6f3dc"/>` +
      `<path d="M${cx + hw - 12},${lightY} L${cx + hw - 92},${lightY + 4} L${cx + hw - 86},${lightY + 22} L${cx + hw - 16},${lightY + 20} Z" fill="#f6f3dc"/>` +
      `<rect x="${cx - 80}" y="${lightY + 6}" width="160" height="${Math.max(24, p.bottomY - lightY - 56)}" rx="12" fill="#1f2226"/>` +
      `<rect x="${cx - 45}" y="${p.bottomY - 40}" width="90" height="22" rx="3" fill="#f5f5f0" stroke="#333" stroke-width="2"/>`;
  const mirrors = `<rect x="${cx - hw - 26}" y="${p.beltY - 4}" width="28" height="18" rx="6" fill="${paint}"/><rect x="${cx + hw - 2}" y="${p.beltY - 4}" width="28" height="18" rx="6" fill="${paint}"/>`;
  return (
    wheels +
    cabin +
    mirrors +
    `${lower} fill="${paint}"/>${lower} fill="url(#sheen)"/>${lower} fill="url(#lower)"/>` +
    details +
    `<rect x="${cx - hw + 6}" y="${p.bottomY - 14}" width="${p.faceW - 12}" height="12" rx="4" fill="${dark}"/>`
  );
}

/**
 * Exterior view at yaw `deg` (0 = front towards the camera, 90 = side with the front on the
 * left, 180 = rear, 270 = side with the front on the right).
 */
function exterior(p: Profile, paint: string, deg: number): string {
  const t = (deg * Math.PI) / 180;
  const s = Math.sin(t);
  const c = Math.cos(t);
  const sideW = 600 * Math.abs(s);
  // The face is drawn wider than true scale (readable head-on), so it narrows faster off-axis.
  const faceK = 0.5 + 0.5 * Math.pow(Math.abs(c), 4);
  const faceW = p.faceW * Math.abs(c) * faceK;
  const total = sideW + faceW;
  const left = W / 2 - total / 2;
  const rear = c < 0;
  const frontLeft = s >= 0; // the vehicle's front points to the left of the picture
  // Which end is visible: the front when c > 0, the rear when c < 0. It sits at the side the
  // end points to.
  const endOnLeft = rear ? !frontLeft : frontLeft;
  // The near end overlaps the side a little so the two read as one body.
  const overlap = faceW * 0.28 * Math.min(1, Math.abs(s) * 2);
  const sideX = endOnLeft ? left + faceW - overlap / 2 : left + overlap / 2;
  const faceX = endOnLeft ? left + overlap / 2 : left + sideW - overlap / 2;
  const parts: string[] = [];
  const sx = Math.max(0.001, Math.abs(s));
  const side = sideView(p, paint);
  const sideG = frontLeft
    ? `<g transform="translate(${sideX.toFixed(1)},0) scale(${sx.toFixed(4)},1) translate(-100,0)">${side}</g>`
    : `<g transform="translate(${(sideX + sideW).toFixed(1)},0) scale(${(-sx).toFixed(4)},1) translate(-100,0)">${side}</g>`;
  const fc = Math.max(0.001, Math.abs(c) * faceK);
  const faceG = `<g transform="translate(${faceX.toFixed(1)},0) scale(${fc.toFixed(4)},1) translate(${-(400 - p.faceW / 2)},0)">${faceView(p, paint, rear)}</g>`;
  // The visible end is nearest the camera, so it is drawn over the side.
  parts.push(sideG, faceG);
  return parts.join("");
}

// ---------------------------------------------------------------------------------------------
// Close-ups and interiors

function interiorCabin(paint: string, kind: Profile["kind"], seatsView: boolean): string {
  if (kind === "caravan") {
    const cushion = luminance(paint) > 0.8 ? "#5f7f9c" : paint;
    return (
      `<rect x="0" y="0" width="800" height="600" fill="#f3ede3"/>` +
      `<rect x="0" y="0" width="800" height="150" fill="#b08a5e"/><path d="M0,150 L800,150" stroke="#8d6b45" stroke-width="6"/>` +
      `<path d="M200,0 L200,150 M400,0 L400,150 M600,0 L600,150" stroke="#8d6b45" stroke-width="4"/>` +
      (seatsView
        ? `<rect x="150" y="300" width="500" height="180" rx="16" fill="#e9e4da"/><rect x="150" y="300" width="500" height="50" rx="14" fill="${cushion}"/><rect x="200" y="250" width="150" height="60" rx="24" fill="#fafafa"/><rect x="450" y="250" width="150" height="60" rx="24" fill="#fafafa"/><rect x="80" y="480" width="640" height="120" fill="#a5835a"/>`
        : `<rect x="300" y="190" width="200" height="110" rx="8" fill="url(#skyPanel)" stroke="#d6cfc2" stroke-width="10"/><rect x="60" y="360" width="300" height="140" rx="14" fill="${cushion}"/><rect x="440" y="360" width="300" height="140" rx="14" fill="${cushion}"/><rect x="330" y="380" width="140" height="30" fill="#caa77a"/><rect x="0" y="500" width="800" height="100" fill="#9b7a52"/>`)
    );
  }
  if (seatsView) {
    return (
      `<rect x="0" y="0" width="800" height="600" fill="#2a2c30"/>` +
      `<path d="M0,0 L800,0 L800,210 L0,210 Z" fill="url(#skyPanel)"/><path d="M0,210 L800,210" stroke="#1a1b1e" stroke-width="26"/>` +
      `<rect x="0" y="220" width="110" height="380" fill="#35383d"/><rect x="690" y="220" width="110" height="380" fill="#35383d"/>` +
      `<rect x="96" y="330" width="14" height="120" fill="${paint}"/><rect x="690" y="330" width="14" height="120" fill="${paint}"/>` +
      `<rect x="140" y="300" width="520" height="210" rx="34" fill="#3c3f45"/><rect x="140" y="470" width="520" height="110" rx="24" fill="#33363b"/>` +
      [210, 370, 530].map((x) => `<rect x="${x}" y="236" width="60" height="60" rx="18" fill="#44484e"/>`).join("") +
      `<path d="M313,310 L313,500 M487,310 L487,500" stroke="#2c2f33" stroke-width="5"/>`
    );
  }
  return (
    `<rect x="0" y="0" width="800" height="600" fill="#25272b"/>` +
    `<path d="M60,40 L740,40 L800,300 L0,300 Z" fill="url(#skyPanel)"/>` +
    `<path d="M0,300 Q400,250 800,300 L800,600 L0,600 Z" fill="#2f3237"/>` +
    `<path d="M0,318 Q400,268 800,318" stroke="${paint}" stroke-width="8" fill="none"/>` +
    `<rect x="360" y="300" width="150" height="90" rx="10" fill="#0d1b2a" stroke="#111" stroke-width="5"/><rect x="372" y="312" width="126" height="66" rx="6" fill="#1e5a8c" opacity="0.85"/>` +
    `<circle cx="250" cy="420" r="96" fill="none" stroke="#17181b" stroke-width="22"/><path d="M160,430 L340,430 M250,430 L250,510" stroke="#17181b" stroke-width="20"/><circle cx="250" cy="430" r="22" fill="#3a3d42"/>` +
    `<circle cx="215" cy="340" r="20" fill="#0e0f11" stroke="#8a9099" stroke-width="3"/><circle cx="285" cy="340" r="20" fill="#0e0f11" stroke="#8a9099" stroke-width="3"/>` +
    `<rect x="540" y="330" width="200" height="22" rx="8" fill="#1b1c1f"/><rect x="410" y="420" width="60" height="150" rx="10" fill="#1b1c1f"/>` +
    `<rect x="600" y="480" width="200" height="120" rx="30" fill="#3c3f45"/><rect x="0" y="480" width="120" height="120" rx="30" fill="#3c3f45"/>`
  );
}

function dashView(paint: string, kind: Profile["kind"]): string {
  if (kind === "motorcycle") {
    return (
      `<path d="M0,0 L800,0 L800,320 L0,320 Z" fill="url(#skyPanel)"/><rect x="0" y="300" width="800" height="300" fill="#6f7479"/>` +
      `<path d="M40,300 Q400,240 760,300" stroke="#1c1d20" stroke-width="26" fill="none" stroke-linecap="round"/>` +
      `<rect x="300" y="210" width="200" height="130" rx="22" fill="#101113" stroke="#2a2c30" stroke-width="8"/><rect x="318" y="228" width="164" height="94" rx="12" fill="#1a4f7c"/>` +
      `<path d="M340,300 Q400,240 460,300" stroke="#e8eef4" stroke-width="6" fill="none"/>` +
      `<path d="M180,600 Q400,380 620,600 Z" fill="${paint}"/><path d="M180,600 Q400,380 620,600 Z" fill="url(#sheen)"/>` +
      `<rect x="20" y="270" width="90" height="40" rx="14" fill="#222"/><rect x="690" y="270" width="90" height="40" rx="14" fill="#222"/>`
    );
  }
  return (
    `<rect x="0" y="0" width="800" height="600" fill="#222428"/><path d="M0,0 L800,0 L800,170 L0,170 Z" fill="url(#skyPanel)"/>` +
    `<path d="M0,170 Q400,130 800,170 L800,600 L0,600 Z" fill="#2c2f34"/><path d="M0,190 Q400,150 800,190" stroke="${paint}" stroke-width="10" fill="none"/>` +
    `<rect x="170" y="230" width="300" height="120" rx="40" fill="#0d0e10"/>` +
    `<circle cx="250" cy="290" r="46" fill="#111" stroke="#9aa1a9" stroke-width="4"/><circle cx="390" cy="290" r="46" fill="#111" stroke="#9aa1a9" stroke-width="4"/>` +
    `<path d="M250,290 L280,262 M390,290 L362,258" stroke="#e4572e" stroke-width="5"/>` +
    `<circle cx="320" cy="470" r="170" fill="none" stroke="#141518" stroke-width="34"/><path d="M160,490 L480,490" stroke="#141518" stroke-width="30"/><circle cx="320" cy="480" r="40" fill="#3a3d42"/>` +
    `<rect x="540" y="220" width="200" height="130" rx="12" fill="#0d1b2a" stroke="#111" stroke-width="6"/><rect x="554" y="234" width="172" height="102" rx="6" fill="#1e5a8c"/>`
  );
}

function wheelCloseUp(paint: string, kind: Profile["kind"]): string {
  const cx = 400;
  const cy = 360;
  const r = kind === "motorcycle" ? 230 : 210;
  const arch =
    kind === "motorcycle"
      ? `<path d="M150,250 Q400,60 650,250 L640,270 Q400,100 160,270 Z" fill="${paint}"/>`
      : `<path d="M0,0 L800,0 L800,330 Q780,110 400,100 Q20,110 0,330 Z" fill="${paint}"/><path d="M0,0 L800,0 L800,330 Q780,110 400,100 Q20,110 0,330 Z" fill="url(#sheen)"/>`;
  return (
    `<rect x="0" y="0" width="800" height="600" fill="#7b8086"/><rect x="0" y="540" width="800" height="60" fill="#55595e"/>` +
    `<ellipse cx="${cx}" cy="585" rx="300" ry="20" fill="#000" opacity="0.4" filter="url(#blur)"/>` +
    arch +
    wheel(cx, cy, r) +
    `<rect x="${cx - 44}" y="${cy - 120}" width="88" height="36" rx="8" fill="#b3151e" opacity="${kind === "car" ? 0.9 : 0}"/>`
  );
}

function bootView(p: Profile, paint: string): string {
  return (
    `<g>${faceView(p, paint, true)}</g>` +
    `<path d="M${400 - p.faceW / 2 + 30},${p.beltY + 10} L${400 + p.faceW / 2 - 30},${p.beltY + 10} L${400 + p.faceW / 2 - 50},${p.bottomY - 30} L${400 - p.faceW / 2 + 50},${p.bottomY - 30} Z" fill="#1a1c1f"/>` +
    `<path d="M${400 - p.faceW / 2 + 60},${p.bottomY - 60} L${400 + p.faceW / 2 - 60},${p.bottomY - 60} L${400 + p.faceW / 2 - 50},${p.bottomY - 30} L${400 - p.faceW / 2 + 50},${p.bottomY - 30} Z" fill="#3a3d42"/>` +
    `<path d="M${400 - p.roofW / 2},${p.roofY} L${400 + p.roofW / 2},${p.roofY} L${400 + p.roofW / 2 + 10},${p.roofY - 120} L${400 - p.roofW / 2 - 10},${p.roofY - 120} Z" fill="${paint}"/>` +
    `<path d="M${400 - p.roofW / 2 + 20},${p.roofY - 10} L${400 + p.roofW / 2 - 20},${p.roofY - 10} L${400 + p.roofW / 2 - 14},${p.roofY - 100} L${400 - p.roofW / 2 + 14},${p.roofY - 100} Z" fill="url(#glass)"/>`
  );
}

// ---------------------------------------------------------------------------------------------

const GALLERY_YAW: Record<string, number> = {
  "front-34": 40,
  side: 90,
  "rear-34": 140,
  front: 0,
  rear: 180,
  "front-34-right": 320,
  "rear-34-right": 220,
};

function background(showroom: boolean, v: number): string {
  if (showroom) {
    return (
      `<rect x="0" y="0" width="800" height="${GROUND - 60}" fill="url(#wall)"/>` +
      `<rect x="0" y="${GROUND - 60}" width="800" height="${H - GROUND + 60}" fill="url(#floor)"/>` +
      `<path d="M0,${GROUND - 60} L800,${GROUND - 60}" stroke="#aeb4ba" stroke-width="2"/>` +
      [120, 400, 680].map((x) => `<ellipse cx="${x}" cy="30" rx="60" ry="10" fill="#fffbe8" opacity="0.7"/>`).join("") +
      `<ellipse cx="400" cy="${GROUND + 8}" rx="360" ry="44" fill="#d6dadf" opacity="${v % 3 === 0 ? 0.9 : 0.5}"/>`
    );
  }
  const hillShift = (v * 37) % 120;
  return (
    `<rect x="0" y="0" width="800" height="${GROUND - 40}" fill="url(#sky)"/>` +
    `<path d="M${-hillShift},${GROUND - 70} Q${150 - hillShift},${GROUND - 150} ${320 - hillShift},${GROUND - 80} T${700 - hillShift},${GROUND - 90} T${1000 - hillShift},${GROUND - 70} L1000,${GROUND - 40} L-200,${GROUND - 40} Z" fill="#8fb59a" opacity="0.8"/>` +
    `<ellipse cx="${140 + ((v * 53) % 500)}" cy="90" rx="70" ry="18" fill="#ffffff" opacity="0.7"/>` +
    `<rect x="0" y="${GROUND - 40}" width="800" height="${H - GROUND + 40}" fill="url(#road)"/>`
  );
}

const DEFS = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb8e6"/><stop offset="1" stop-color="#e3f1fb"/></linearGradient>
<linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9a9fa4"/><stop offset="1" stop-color="#6b7075"/></linearGradient>
<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f6"/><stop offset="1" stop-color="#d5dadf"/></linearGradient>
<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ced3"/><stop offset="1" stop-color="#eef0f2"/></linearGradient>
<linearGradient id="skyPanel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc9ee"/><stop offset="1" stop-color="#eaf4fb"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3a4a"/><stop offset="0.55" stop-color="#4f6478"/><stop offset="1" stop-color="#1c2631"/></linearGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="0.35" stop-color="#ffffff" stop-opacity="0.08"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>
<linearGradient id="lower" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></linearGradient>
<radialGradient id="rim"><stop offset="0" stop-color="#e3e6e9"/><stop offset="1" stop-color="#9299a1"/></radialGradient>
<filter id="blur" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
</defs>`;

/** The SVG source of a picture (exported for tests and debugging). */
export function vehicleImageSvg(body: ImageBody, colour: ImagePaint, angle: ImageAngle, variation = 0): string {
  const p = PROFILES[body];
  const paint = paintColour(colour);
  const spin = /^spin-(\d{2})$/.exec(angle);
  let scene: string;
  if (spin || angle in GALLERY_YAW) {
    const yaw = spin ? (Number(spin[1]) * 360) / SPIN_FRAMES : GALLERY_YAW[angle];
    const showroom = spin !== null || variation % 2 === 1;
    const zoom = spin ? 1 : 1 + ((variation * 7) % 5) * 0.015;
    const t = (yaw * Math.PI) / 180;
    const cosA = Math.abs(Math.cos(t));
    const span = 600 * Math.abs(Math.sin(t)) + p.faceW * cosA * (0.5 + 0.5 * cosA ** 4);
    scene =
      background(showroom, variation) +
      `<ellipse cx="400" cy="${GROUND + 4}" rx="${(span / 2 + 20).toFixed(0)}" ry="22" fill="#000" opacity="0.38" filter="url(#blur)"/>` +
      `<g transform="translate(400,${GROUND}) scale(${zoom}) translate(-400,-${GROUND})">${exterior(p, paint, yaw)}</g>`;
  } else if (angle === "interior" || angle === "rear-seats") {
    scene = interiorCabin(paint, p.kind, angle === "rear-seats");
  } else if (angle === "dash") {
    scene = dashView(paint, p.kind);
  } else if (angle === "wheel") {
    scene = wheelCloseUp(paint, p.kind);
  } else {
    // boot
    scene =
      background(true, variation) +
      `<ellipse cx="400" cy="${GROUND + 4}" rx="${p.faceW / 2 + 30}" ry="20" fill="#000" opacity="0.38" filter="url(#blur)"/>` +
      bootView(p, paint);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${DEFS}${scene}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Rendering with a small LRU cache (lru-cache: at most 96 pictures and 24 MB, none above 6 MB)

const CACHE_MAX_ENTRIES = 96;
const CACHE_MAX_BYTES = 24 * 1024 * 1024;
const cache = new LRUCache<string, RenderedImage>({
  max: CACHE_MAX_ENTRIES,
  maxSize: CACHE_MAX_BYTES,
  maxEntrySize: CACHE_MAX_BYTES / 4,
  sizeCalculation: (image) => Math.max(1, image.buffer.length),
});

function cacheGet(key: string): RenderedImage | undefined {
  return cache.get(key);
}
function cachePut(key: string, value: RenderedImage): void {
  cache.set(key, value);
}

let diskCacheDir: string | null = null;
let diskWrites = 0;
/** Most pictures one process writes to disk (about 20 KB each), whatever is asked for. */
export const DISK_WRITES_PER_PROCESS = 10_000;

/**
 * Where rendered pictures are also kept on disk (runtime/images/disk-cache.ts); null (the default
 * outside the image route, so unit tests and scripts write nothing) keeps them in memory only.
 */
export function setVehicleImageDiskCache(dir: string | null): void {
  diskCacheDir = dir;
  diskWrites = 0;
}

/**
 * Only variants the site's own pages ask for are kept on disk: any width from 64 to 1920, quality
 * from 1 to 100 and variation up to 99 can be requested, and writing each would let made-up query
 * strings fill the disk. Others are still rendered and kept in memory.
 */
export function keptOnDisk(width: number, quality: number): boolean {
  return PAGE_IMAGE_WIDTHS.includes(width) && PAGE_IMAGE_QUALITIES.includes(quality) && diskWrites < DISK_WRITES_PER_PROCESS;
}

export function clearVehicleImageCache(): void {
  cache.clear();
}
export function vehicleImageCacheStats(): { entries: number; bytes: number } {
  return { entries: cache.size, bytes: cache.calculatedSize };
}

function clampInt(v: number | undefined, def: number, min: number, max: number): number {
  if (v === undefined || !Number.isFinite(v)) return def;
  return Math.min(max, Math.max(min, Math.round(v)));
}

/** Renders one picture; width is clamped to 64..1920 (default 640), quality to 1..100 (default 75). */
export async function renderVehicleImage(input: RenderVehicleImageInput | VehicleImageOptions): Promise<RenderedImage> {
  const width = clampInt(input.width, DEFAULT_IMAGE_WIDTH, MIN_IMAGE_WIDTH, MAX_IMAGE_WIDTH);
  const height = Math.round((width * 3) / 4);
  const quality = clampInt(input.quality, DEFAULT_IMAGE_QUALITY, 1, 100);
  const format: ImageFormat = input.format === "jpeg" ? "jpeg" : "webp";
  const variation = clampInt(input.variation, 0, 0, 99);
  if (!(input.body in PROFILES)) throw new RangeError(`unknown body ${input.body}`);
  if (!isImagePaint(input.colour)) throw new RangeError(`unknown colour ${input.colour}`);
  const key = `${input.body}/${input.colour}/${input.angle}/${variation}/${width}/${quality}/${format}`;
  const hit = cacheGet(key);
  if (hit) return hit;
  // Concurrent requests for one variant (a page's thumbnails, a load run) share one render.
  const pending = inFlight.get(key);
  if (pending) return pending;
  const rendering = renderUncached(input, key, { width, height, quality, format, variation }).finally(() => inFlight.delete(key));
  inFlight.set(key, rendering);
  return rendering;
}

const inFlight = new Map<string, Promise<RenderedImage>>();

async function renderUncached(
  input: RenderVehicleImageInput | VehicleImageOptions,
  key: string,
  { width, height, quality, format, variation }: { width: number; height: number; quality: number; format: ImageFormat; variation: number },
): Promise<RenderedImage> {
  const contentType = format === "jpeg" ? "image/jpeg" : "image/webp";
  const file = diskCacheDir && keptOnDisk(width, quality) ? diskCacheFile(diskCacheDir, key, format) : null;
  const stored = file ? await readCachedImage(file) : null;
  if (stored && stored.length > 0) {
    const out: RenderedImage = { buffer: stored, contentType, width, height };
    cachePut(key, out);
    return out;
  }
  const svg = vehicleImageSvg(input.body, input.colour, input.angle, variation);
  const density = Math.max(1, Math.round((72 * width) / W));
  let pipeline = sharp(Buffer.from(svg), { density }).resize(width, height, { fit: "fill" });
  pipeline = format === "jpeg" ? pipeline.jpeg({ quality, mozjpeg: true }) : pipeline.webp({ quality });
  const buffer = await pipeline.toBuffer();
  const out: RenderedImage = { buffer, contentType, width, height };
  cachePut(key, out);
  // Not awaited: the visitor gets the picture while it is written (a failed write is only a miss later).
  if (file) {
    diskWrites += 1;
    void writeCachedImage(file, buffer);
  }
  return out;
}
