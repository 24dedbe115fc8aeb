/**
 * URL scheme of the offline vehicle images, shared by the stock generator (which writes the URLs)
 * and the image route (which parses them). No sharp import here, so the generator stays light.
 *
 *   /api/images/vehicle/{body}/{colour}/{angle}.{webp|jpg|jpeg}?w=640&q=75[&v=1]
 *
 * `colour` is a colour family (stock) or `hex-rrggbb`, an exact paint (the model catalogue's
 * colours, tinted by each colour's hexCode).
 *
 * `w` is clamped to 64..1920 (default 640), `q` to 1..100 (default 75); `v` (0..99, default 0)
 * varies the scene so repeated angles in one gallery are distinct URLs and pictures.
 */

export const IMAGE_ROUTE_PREFIX = "/api/images/vehicle";

export const IMAGE_BODIES = [
  "sedan",
  "hatch",
  "suv",
  "ute",
  "wagon",
  "van",
  "coupe",
  "convertible",
  "peoplemover",
  "cabchassis",
  "truck",
  "motorcycle",
  "caravan",
] as const;
export type ImageBody = (typeof IMAGE_BODIES)[number];

/** Colour families (the `colour` field of a car, lower-cased) and their paint. */
export const IMAGE_COLOURS = {
  white: "#f1f2ee",
  black: "#17191c",
  silver: "#b8bdc3",
  grey: "#666b72",
  blue: "#1e4f9e",
  red: "#b0141e",
  green: "#2e6a3c",
  orange: "#e0661b",
  yellow: "#efbd27",
  brown: "#6a482c",
  gold: "#b89650",
  beige: "#d6c7a2",
  purple: "#5a2c79",
} as const satisfies Record<string, string>;
export type ImageColour = keyof typeof IMAGE_COLOURS;
/** An exact paint, `hex-` and six lower-case hex digits (model catalogue colours). */
export type HexPaint = `hex-${string}`;
/** What a picture's paint can be named by: a colour family or an exact hex paint. */
export type ImagePaint = ImageColour | HexPaint;

/** The paint segment for a hex code such as '#5B5F63' ('hex-5b5f63'); null when it is not a six-digit hex code. */
export function hexPaint(hexCode: string): HexPaint | null {
  const m = /^#?([0-9a-fA-F]{6})$/.exec(hexCode);
  return m ? `hex-${m[1].toLowerCase()}` : null;
}

/** The fill colour of a paint name. */
export function paintColour(paint: ImagePaint): string {
  return paint.startsWith("hex-") ? `#${paint.slice(4)}` : IMAGE_COLOURS[paint as ImageColour];
}

/** Gallery angles, in the order the generator assigns them to photo indexes. */
export const GALLERY_ANGLES = [
  "front-34",
  "side",
  "rear-34",
  "front",
  "rear",
  "interior",
  "dash",
  "rear-seats",
  "wheel",
  "boot",
  "front-34-right",
  "rear-34-right",
] as const;
/** 360 spin frames: spin-00 .. spin-35, 10 degrees apart. */
export const SPIN_FRAMES = 36;
export type ImageAngle = (typeof GALLERY_ANGLES)[number] | `spin-${string}`;

export type ImageFormat = "webp" | "jpeg";

export interface VehicleImageOptions {
  body: ImageBody;
  colour: ImagePaint;
  angle: ImageAngle;
  width: number;
  quality: number;
  format: ImageFormat;
  /** Scene variation 0..99. */
  variation: number;
}

export const DEFAULT_IMAGE_WIDTH = 640;
export const DEFAULT_IMAGE_QUALITY = 75;
/**
 * The widths and qualities the site's own pages ask for (vehicle page srcset, card srcset,
 * thumbnails): only these are kept in the rendered-picture disk cache, so made-up query strings
 * cannot fill the disk (runtime/images/vehicle-image.ts).
 */
export const PAGE_IMAGE_WIDTHS: readonly number[] = [320, 480, 640, 960, 1280];
export const PAGE_IMAGE_QUALITIES: readonly number[] = [60, DEFAULT_IMAGE_QUALITY];
export const MIN_IMAGE_WIDTH = 64;
export const MAX_IMAGE_WIDTH = 1920;

const BODY_SET = new Set<string>(IMAGE_BODIES);
const ANGLE_SET = new Set<string>(GALLERY_ANGLES);

export function isImageBody(value: string): value is ImageBody {
  return BODY_SET.has(value);
}
export function isImageColour(value: string): value is ImageColour {
  return Object.prototype.hasOwnProperty.call(IMAGE_COLOURS, value);
}
export function isImagePaint(value: string): value is ImagePaint {
  return isImageColour(value) || /^hex-[0-9a-f]{6}$/.test(value);
}
export function isImageAngle(value: string): value is ImageAngle {
  if (ANGLE_SET.has(value)) return true;
  const m = /^spin-(\d{2})$/.exec(value);
  return m !== null && Number(m[1]) < SPIN_FRAMES;
}

export function spinAngle(frame: number): ImageAngle {
  return `spin-${String(frame).padStart(2, "0")}`;
}

/** URL the generator writes for one picture. */
export function vehicleImageUrl(
  body: ImageBody,
  colour: ImagePaint,
  angle: ImageAngle,
  opts: { width?: number; quality?: number; variation?: number } = {},
): string {
  const w = opts.width ?? DEFAULT_IMAGE_WIDTH;
  const q = opts.quality ?? DEFAULT_IMAGE_QUALITY;
  const v = opts.variation ? `&v=${opts.variation}` : "";
  return `${IMAGE_ROUTE_PREFIX}/${body}/${colour}/${angle}.webp?w=${w}&q=${q}${v}`;
}

type SearchParamsLike = URLSearchParams | { get(name: string): string | null } | Record<string, string | string[] | undefined> | undefined | null;

function readParam(params: SearchParamsLike, name: string): string | undefined {
  if (!params) return undefined;
  if (typeof (params as { get?: unknown }).get === "function") {
    const v = (params as { get(name: string): string | null }).get(name);
    return v ?? undefined;
  }
  const v = (params as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v[0] : v;
}

function intParam(raw: string | undefined, def: number, min: number, max: number): number {
  if (raw === undefined || raw.trim() === "") return def;
  const n = Number(raw);
  if (!Number.isFinite(n)) return def;
  return Math.min(max, Math.max(min, Math.round(n)));
}

/**
 * Parses the route's path segments (after `/api/images/vehicle`; a leading `api/images/vehicle`
 * is tolerated) and query. Returns null for anything unknown, so the route can answer 404.
 */
export function parseVehicleImagePath(pathSegments: readonly string[], searchParams?: SearchParamsLike): VehicleImageOptions | null {
  let segs = pathSegments.map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  if (segs.length === 6 && segs[0] === "api" && segs[1] === "images" && segs[2] === "vehicle") segs = segs.slice(3);
  if (segs.length !== 3) return null;
  const [body, colour, file] = segs;
  const m = /^([a-z0-9-]+)\.(webp|jpg|jpeg)$/.exec(file);
  if (!m) return null;
  const angle = m[1];
  const format: ImageFormat = m[2] === "webp" ? "webp" : "jpeg";
  if (!isImageBody(body) || !isImagePaint(colour) || !isImageAngle(angle)) return null;
  return {
    body,
    colour,
    angle,
    format,
    width: intParam(readParam(searchParams, "w"), DEFAULT_IMAGE_WIDTH, MIN_IMAGE_WIDTH, MAX_IMAGE_WIDTH),
    quality: intParam(readParam(searchParams, "q"), DEFAULT_IMAGE_QUALITY, 1, 100),
    variation: intParam(readParam(searchParams, "v"), 0, 0, 99),
  };
}
