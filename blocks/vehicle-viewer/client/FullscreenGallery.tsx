"use client";
import { useEffect, useRef, useState } from "react";
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
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    // showModal focuses the dialog's first focusable element, which on a video slide is its play
    // button: Close is where focus belongs, and it stays in the dialog from slide to slide.
    close.current?.focus();
  }, []);
  const go = (steps: number) => setIndex((i) => stepFrame(i, steps, slides.length));
  // The arrow keys are heard by the document, not the dialog: a slide's own control that had focus
  // (the video's play button) leaves with its slide, and the focus with it, to the page's body.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "ArrowLeft") setIndex((i) => stepFrame(i, -1, slides.length));
      else if (e.key === "ArrowRight") setIndex((i) => stepFrame(i, 1, slides.length));
      else return;
      e.preventDefault();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [slides.length]);
  const slide = slides[index];
  return (
    <dialog
      ref={dialog}
      className={styles.fullscreen}
      aria-label={`${title}: images`}
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
      <button type="button" className={`${shared.button} ${styles.fullscreenClose}`} onClick={() => dialog.current?.close()} ref={close}>
        Close
      </button>
    </dialog>
  );
}
