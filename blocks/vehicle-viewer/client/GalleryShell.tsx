"use client";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { stepFrame } from "@/blocks/vehicle-viewer/domain/spin";
import type { VideoSource } from "@/blocks/shared/vehicle-page/domain/video";
import type { ViewerHotspot, ViewerSlide, ViewerView } from "./types";
import { VideoPlayer } from "@/blocks/shared/vehicle-page/client/VideoPlayer";
import { whenIdleAfterLoad } from "@/blocks/shared/hydrate-later/hydrateLater";
import styles from "../vehicle-viewer.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

interface GalleryShellProps {
  title: string;
  slides: ViewerSlide[];
  views: ViewerView[];
  initialView: ViewerView;
  showThumbnails: boolean;
  thumbnailsScroll: boolean;
  spinFrames: string[];
  exteriorHotspots: ViewerHotspot[];
  interior: { src: string; hotspots: ViewerHotspot[] } | null;
  walkaround: VideoSource | null;
  autoRotate: boolean;
  spinIntervalMs: number;
  /** The server-rendered main picture of the initial view (priority, explicit size): shown until the visitor moves on. */
  children: ReactNode;
}

const VIEW_LABELS: Record<ViewerView, string> = { gallery: "Gallery", spinner: "360 Spin", video: "Walkaround", interior: "Interior" };

// Type-only: the views' code is fetched with import() below, never bundled with the shell.
type Loaded = {
  spin?: typeof import("./SpinViewer").default;
  fullscreen?: typeof import("./FullscreenGallery").default;
  interior?: typeof import("./InteriorViewer").default;
};

/**
 * The image viewer's light shell: view switcher, gallery paging (buttons and arrow keys),
 * thumbnails and the fullscreen button. The heavy parts (360 spin, fullscreen dialog, interior)
 * are separate chunks fetched with import() only when their view is opened, so they never delay
 * the main picture, which the server renders.
 */
export function GalleryShell(p: GalleryShellProps) {
  const [view, setView] = useState<ViewerView>(p.initialView);
  const [index, setIndex] = useState(0);
  const [touched, setTouched] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({});
  const fsButton = useRef<HTMLButtonElement>(null);
  // This component's code loads on demand; data-ready says the keyboard handlers are live.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Work kept out of the page's load, done once it has loaded and the browser is idle:
  //  - the thumbnail strip's pictures (the buttons, with their reserved size, are there from the
  //    start): Chrome's loading="lazy" fetched every picture of the horizontal strip near the
  //    viewport at once, competing with the main picture (the page's LCP);
  //  - a default 360 spin (the server's first frame shows meanwhile, and using the viewer starts
  //    it at once): mounting it fetches the shown frame and the next four (SPIN_FRAMES_AHEAD) and
  //    re-renders every 100 ms, which during load was the page's longest task.
  const [pageSettled, setPageSettled] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setPageSettled(true)), []);
  const spinMayStart = p.initialView !== "spinner" || pageSettled;

  useEffect(() => {
    const need =
      view === "spinner" && !loaded.spin && (spinMayStart || touched)
        ? "spin"
        : view === "interior" && !loaded.interior
          ? "interior"
          : fullscreen && !loaded.fullscreen
            ? "fullscreen"
            : null;
    if (!need) return;
    const load = need === "spin" ? import("./SpinViewer") : need === "interior" ? import("./InteriorViewer") : import("./FullscreenGallery");
    load
      .then((m) => setLoaded((l) => ({ ...l, [need]: m.default })))
      .catch((e: unknown) => console.warn(`[vehicle-page] ${need} viewer failed to load: ${e instanceof Error ? e.message : String(e)}`));
  }, [view, fullscreen, loaded, spinMayStart, touched]);

  const count = p.slides.length;
  const go = (to: number) => {
    setTouched(true);
    setIndex(stepFrame(to, 0, count));
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "ArrowLeft") go(index - 1);
    else if (e.key === "ArrowRight") go(index + 1);
    else return;
    e.preventDefault();
  };
  const switchView = (v: ViewerView) => {
    setTouched(true);
    setView(v);
  };
  const slide = p.slides[index];
  const showServerPicture = !touched;

  let stage: ReactNode;
  if (view === "spinner") {
    const Spin = loaded.spin;
    stage = Spin ? (
      <Spin frames={p.spinFrames} hotspots={p.exteriorHotspots} title={p.title} autoRotate={p.autoRotate} intervalMs={p.spinIntervalMs} />
    ) : showServerPicture ? (
      p.children
    ) : (
      <Picture src={p.spinFrames[0]} alt={`${p.title}, 360 view loading`} />
    );
  } else if (view === "interior" && p.interior) {
    const Interior = loaded.interior;
    stage = Interior ? (
      <Interior src={p.interior.src} hotspots={p.interior.hotspots} title={p.title} />
    ) : (
      <Picture src={p.interior.src} alt={`${p.title}, interior`} />
    );
  } else if (view === "video" && p.walkaround) {
    stage = <VideoPlayer video={p.walkaround} title={`${p.title} walkaround video`} />;
  } else if (showServerPicture && index === 0) {
    stage = p.children;
  } else if (slide?.kind === "video") {
    stage = <VideoPlayer video={slide.video} title={`${p.title} video`} />;
  } else if (slide) {
    stage = <Picture key={slide.image.src} src={slide.image.src} srcSet={slide.image.srcSet} alt={slide.image.alt} />;
  }

  const Fullscreen = loaded.fullscreen;
  return (
    <div className={styles.viewer} data-testid="image-viewer">
      {p.views.length > 1 ? (
        <div className={styles.viewTabs} role="group" aria-label="Choose a view">
          {p.views.map((v) => (
            <button key={v} type="button" className={styles.viewTab} aria-pressed={view === v} onClick={() => switchView(v)}>
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
      ) : null}
      {view === "gallery" ? (
        <div
          className={styles.galleryStage}
          tabIndex={0}
          role="region"
          aria-roledescription="carousel"
          aria-label={`${p.title}: images. Use the left and right arrow keys to page.`}
          onKeyDown={onKey}
          data-testid="gallery-stage"
          data-ready={ready ? "true" : undefined}
        >
          <div className={styles.stageBox}>{stage}</div>
          {count > 1 ? (
            <>
              <button type="button" className={`${shared.iconButton} ${styles.stagePrev}`} onClick={() => go(index - 1)} aria-label="Previous image">
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              </button>
              <button type="button" className={`${shared.iconButton} ${styles.stageNext}`} onClick={() => go(index + 1)} aria-label="Next image">
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
                </svg>
              </button>
            </>
          ) : null}
          <p className={styles.counter} aria-live="polite" data-testid="gallery-counter">
            {count ? `${index + 1} / ${count}` : ""}
          </p>
          {count ? (
            <button
              ref={fsButton}
              type="button"
              className={`${shared.iconButton} ${styles.fullscreenButton}`}
              onClick={() => setFullscreen(true)}
              aria-label="View fullscreen"
              aria-haspopup="dialog"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              </svg>
            </button>
          ) : null}
        </div>
      ) : (
        <div className={styles.stageBox}>{stage}</div>
      )}
      {view === "gallery" && p.showThumbnails ? (
        <ul className={`${styles.thumbs} ${p.thumbnailsScroll ? styles.thumbsScroll : ""}`} aria-label="Thumbnails">
          {p.slides.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className={styles.thumb}
                aria-current={i === index ? "true" : undefined}
                onClick={() => go(i)}
                aria-label={s.kind === "video" ? "Play video" : `Show image ${i + 1}`}
              >
                {s.kind === "image" && pageSettled ? (
                  <img src={s.image.thumb} alt="" width={120} height={90} loading="lazy" decoding="async" />
                ) : s.kind === "image" ? (
                  <span className={styles.thumbPending} aria-hidden="true" />
                ) : (
                  <span className={styles.thumbVideo} aria-hidden="true">
                    ▶
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {fullscreen && Fullscreen ? (
        <Fullscreen
          slides={p.slides}
          start={index}
          title={p.title}
          onClose={(i: number) => {
            setFullscreen(false);
            setTouched(true);
            setIndex(i);
            fsButton.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}

function Picture({ src, srcSet, alt }: { src: string; srcSet?: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <div className={shared.placeholder}>Image unavailable</div>;
  return (
    <img
      className={shared.media}
      src={src}
      srcSet={srcSet}
      sizes="(min-width: 992px) 760px, 100vw"
      alt={alt}
      width={800}
      height={600}
      decoding="async"
      onError={() => {
        console.warn(`[vehicle-page] image failed to load: ${src}`);
        setFailed(true);
      }}
    />
  );
}
