/**
 * Gallery rules (spec §4): thumbnails only for more than 3 images on an in-stock car, scrolling
 * when over 5; a stock video inserted at start, second (default), middle or end; video-site
 * embed URLs play in a frame, any other URL in a <video> element.
 */
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

export type VideoSource = { kind: "embed"; src: string } | { kind: "file"; src: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * An embed URL from the video site (youtube.com/embed/ID, youtube-nocookie.com/embed/ID) is an
 * embedded frame. Watch and short links (youtube.com/watch?v=ID, youtu.be/ID) are turned into
 * their embed URL, since a <video> element cannot play them. Any other https URL is a <video>.
 * Anything else (not https, unparsable) is no video at all.
 */
export function videoSource(url: string | null | undefined): VideoSource | null {
  if (!url || typeof url !== "string") return null;
  let u: URL;
  try {
    u = new URL(url.trim());
  } catch {
    return null;
  }
  if (u.protocol !== "https:") return null;
  const host = u.hostname.replace(/^www\./, "").replace(/^m\./, "");
  let id: string | null = null;
  if ((host === "youtube.com" || host === "youtube-nocookie.com") && u.pathname.startsWith("/embed/")) id = u.pathname.slice("/embed/".length).split("/")[0];
  else if (host === "youtube.com" && u.pathname === "/watch") id = u.searchParams.get("v");
  else if (host === "youtu.be") id = u.pathname.slice(1).split("/")[0];
  else if (host === "youtube.com" || host === "youtu.be" || host === "youtube-nocookie.com") return null;
  if (id !== null) return YOUTUBE_ID.test(id) ? { kind: "embed", src: `https://www.youtube-nocookie.com/embed/${id}` } : null;
  return { kind: "file", src: u.toString() };
}

/** The car's stock video: its own video first, then an external one. */
export function carVideo(car: { video_url?: string | null; external_video_url?: string | null }): VideoSource | null {
  return videoSource(car.video_url) ?? videoSource(car.external_video_url);
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
