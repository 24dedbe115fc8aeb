"use client";
import { useState } from "react";
import type { VideoSource } from "@/runtime/vehicle-page/gallery";
import styles from "../vehicle-page.module.css";

/** A video-site embed URL in a frame; any other URL in a <video> element (nothing downloads until played). A video that fails is logged and shows a placeholder. */
export function VideoPlayer({ video, title }: { video: VideoSource; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className={styles.placeholder}>Video unavailable</div>;
  if (video.kind === "embed") {
    return <iframe className={styles.media} src={video.src} title={title} width={800} height={450} loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />;
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
