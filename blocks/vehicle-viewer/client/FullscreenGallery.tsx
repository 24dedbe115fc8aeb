"use client";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { stepFrame } from "@/blocks/vehicle-viewer/domain/spin";
import type { ViewerSlide } from "./types";
import { VideoPlayer } from "@/blocks/shared/vehicle-page/client/VideoPlayer";
import styles from "../vehicle-viewer.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Fullscreen gallery in a modal <dialog> (loaded on demand): left and right arrow keys and buttons, Escape or Close to leave. */
export default function FullscreenGallery({
  slides,
  start,
  title,
  onClose,
}: {
  slides: ViewerSlide[];
  start: number;
  title: string;
  onClose: (index: number) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const indexRef = useRef(start);
  indexRef.current = index;
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const go = (steps: number) => setIndex((i) => stepFrame(i, steps, slides.length));
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") go(-1);
    else if (e.key === "ArrowRight") go(1);
    else return;
    e.preventDefault();
  };
  const slide = slides[index];
  return (
    <dialog
      ref={dialog}
      className={styles.fullscreen}
      aria-label={`${title}: images`}
      onKeyDown={onKey}
      onClose={() => onClose(indexRef.current)}
      data-testid="fullscreen-gallery"
    >
      <div className={styles.fullscreenStage}>
        {slide?.kind === "video" ? (
          <VideoPlayer video={slide.video} title={`${title} video`} />
        ) : slide ? (
          <img
            className={styles.fullscreenImage}
            src={slide.image.src}
            srcSet={slide.image.srcSet}
            sizes="100vw"
            alt={slide.image.alt}
            width={800}
            height={600}
          />
        ) : null}
      </div>
      <p className={styles.counter} aria-live="polite">
        {index + 1} / {slides.length}
      </p>
      <button type="button" className={`${shared.iconButton} ${styles.fullscreenPrev}`} onClick={() => go(-1)} aria-label="Previous image">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <button type="button" className={`${shared.iconButton} ${styles.fullscreenNext}`} onClick={() => go(1)} aria-label="Next image">
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <button type="button" className={`${shared.button} ${styles.fullscreenClose}`} onClick={() => dialog.current?.close()} autoFocus>
        Close
      </button>
    </dialog>
  );
}
