/**
 * A car's stock video: video-site embed URLs play in a frame (a <video> element cannot play
 * them), any other https URL in a <video> element. Used by the viewer's video slide and
 * walkaround view, and by the video section.
 */
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
