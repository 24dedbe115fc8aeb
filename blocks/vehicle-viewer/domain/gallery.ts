/**
 * Gallery rules: thumbnails only for more than 3 images on an in-stock car, scrolling when over 5;
 * a stock video inserted among the pictures at the start, second (the default), middle or end.
 */
import type { VideoSource } from "@/blocks/shared/vehicle-page/domain/video";

export const THUMBNAILS_MIN_IMAGES = 3;
export const THUMBNAILS_SCROLL_OVER = 5;

export type VideoPosition = "start" | "second" | "middle" | "end";

export function showsThumbnails(imageCount: number, status: string | null | undefined): boolean {
  return imageCount > THUMBNAILS_MIN_IMAGES && status === "in_stock";
}

export function thumbnailsScroll(imageCount: number): boolean {
  return imageCount > THUMBNAILS_SCROLL_OVER;
}

/** Index at which the video goes among `count` images. */
export function videoIndex(count: number, position: VideoPosition = "second"): number {
  switch (position) {
    case "start":
      return 0;
    case "middle":
      return Math.floor(count / 2);
    case "end":
      return count;
    default:
      return Math.min(1, count);
  }
}

export type Slide<T> = { kind: "image"; image: T; imageIndex: number } | { kind: "video"; video: VideoSource };

export function gallerySlides<T>(images: readonly T[], video: VideoSource | null, position: VideoPosition = "second"): Slide<T>[] {
  const slides: Slide<T>[] = images.map((image, imageIndex) => ({ kind: "image", image, imageIndex }));
  if (video) slides.splice(videoIndex(images.length, position), 0, { kind: "video", video });
  return slides;
}

/** Widths offered in a srcset for the site's own image route (other hosts' URLs are used as they are). */
export const IMAGE_WIDTHS = [480, 640, 960, 1280] as const;

export function imageAtWidth(url: string, width: number): string {
  if (!url.startsWith("/api/images/vehicle/")) return url;
  const [path, query = ""] = url.split("?");
  const params = new URLSearchParams(query);
  params.set("w", String(width));
  return `${path}?${params.toString()}`;
}

/** srcset for an image, or undefined when it is not served by the site's image route. */
export function imageSrcSet(url: string): string | undefined {
  if (!url.startsWith("/api/images/vehicle/")) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageAtWidth(url, w)} ${w}w`).join(", ");
}

/** A view whose code is a separate chunk, fetched when it is first needed. */
export type ViewerChunk = "spin" | "interior" | "fullscreen";

/**
 * The chunk to fetch next, or null: the 360 spin once its view is shown and it may start (the page
 * has settled, or the visitor has used the viewer); the interior when its view is shown; the
 * fullscreen dialog when it is opened. Chunks already loaded are never fetched again.
 */
export function chunkToLoad(s: {
  view: string;
  fullscreen: boolean;
  loaded: Readonly<Partial<Record<ViewerChunk, unknown>>>;
  spinMayStart: boolean;
  touched: boolean;
}): ViewerChunk | null {
  if (s.view === "spinner" && !s.loaded.spin && (s.spinMayStart || s.touched)) return "spin";
  if (s.view === "interior" && !s.loaded.interior) return "interior";
  if (s.fullscreen && !s.loaded.fullscreen) return "fullscreen";
  return null;
}
