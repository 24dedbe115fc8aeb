"use client";
import { useState } from "react";
import type { VideoSource } from "@/blocks/shared/vehicle-page/domain/video";
import styles from "../vehicle-page.module.css";

/**
 * A video-site embed URL in a frame; any other URL in a <video> element (nothing downloads until
 * played). A video that fails is logged and shows a placeholder.
 *
 * The frame is a facade until pressed: a play button in its place, the video site's frame (its
 * player is several hundred KiB of third-party script) loaded only when the visitor asks for it,
 * then playing at once. loading="lazy" alone was not enough: on a phone the video section sits
 * within the browser's lazy-loading distance and the frame loaded with the page.
 */
export function VideoPlayer({ video, title }: { video: VideoSource; title: string }) {
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);
  if (failed) return <div className={styles.placeholder}>Video unavailable</div>;
  if (video.kind === "embed" && !playing) {
    return (
      <button type="button" className={styles.videoFacade} onClick={() => setPlaying(true)} data-testid="video-facade">
        <svg viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false">
          <rect width="68" height="48" rx="12" fill="currentColor" opacity="0.85" />
          <path d="M27 14l18 10-18 10z" fill="#fff" />
        </svg>
        <span className="visually-hidden">Play video: {title}</span>
      </button>
    );
  }
  if (video.kind === "embed") {
    const src = `${video.src}${video.src.includes("?") ? "&" : "?"}autoplay=1`;
    return (
      <iframe
        className={styles.media}
        src={src}
        title={title}
        width={800}
        height={450}
        allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <video
      className={styles.media}
      src={video.src}
      controls
      preload="none"
      playsInline
      width={800}
      height={450}
      aria-label={title}
      onError={() => {
        console.warn(`[vehicle-page] video failed to load: ${video.src}`);
        setFailed(true);
      }}
    />
  );
}
