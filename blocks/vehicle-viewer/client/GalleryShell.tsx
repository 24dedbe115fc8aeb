"use client";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { stepFrame } from "@/blocks/vehicle-viewer/domain/spin";
import { chunkToLoad } from "@/blocks/vehicle-viewer/domain/gallery";
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

/** Fetches each heavy view's chunk when it is first needed (see `chunkToLoad`); returns those loaded. */
function useViewerChunks(state: { view: ViewerView; fullscreen: boolean; spinMayStart: boolean; touched: boolean }): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({});
  const { view, fullscreen, spinMayStart, touched } = state;
  useEffect(() => {
    const need = chunkToLoad({ view, fullscreen, loaded, spinMayStart, touched });
    if (!need) return;
    const load = need === "spin" ? import("./SpinViewer") : need === "interior" ? import("./InteriorViewer") : import("./FullscreenGallery");
    load
      .then((m) => setLoaded((l) => ({ ...l, [need]: m.default })))
      .catch((e: unknown) => console.warn(`[vehicle-page] ${need} viewer failed to load: ${e instanceof Error ? e.message : String(e)}`));
  }, [view, fullscreen, loaded, spinMayStart, touched]);
  return loaded;
}

/**
 * What the stage shows for the view: the 360 spin, the interior, the walkaround, or the
 * gallery's slide (the server's picture until the visitor moves on).
 */
function ViewerStage({
  p,
  view,
  loaded,
  index,
  showServerPicture,
  children,
}: {
  p: GalleryShellProps;
  view: ViewerView;
  loaded: Loaded;
  index: number;
  showServerPicture: boolean;
  children: ReactNode;
}) {
  const slide = p.slides[index];
  if (view === "spinner") {
    const Spin = loaded.spin;
    if (Spin) return <Spin frames={p.spinFrames} hotspots={p.exteriorHotspots} title={p.title} autoRotate={p.autoRotate} intervalMs={p.spinIntervalMs} />;
    return showServerPicture ? children : <Picture src={p.spinFrames[0]} alt={`${p.title}, 360 view loading`} />;
  }
  if (view === "interior" && p.interior) {
    const Interior = loaded.interior;
    return Interior ? (
      <Interior src={p.interior.src} hotspots={p.interior.hotspots} title={p.title} />
    ) : (
      <Picture src={p.interior.src} alt={`${p.title}, interior`} />
    );
  }
  if (view === "video" && p.walkaround) return <VideoPlayer video={p.walkaround} title={`${p.title} walkaround video`} />;
  if (showServerPicture && index === 0) return children;
  if (slide?.kind === "video") return <VideoPlayer video={slide.video} title={`${p.title} video`} />;
  if (slide) return <Picture key={slide.image.src} src={slide.image.src} srcSet={slide.image.srcSet} alt={slide.image.alt} />;
  return null;
}

/** Previous and next (for more than one slide), the counter and the fullscreen button. */
function GalleryControls({
  count,
  index,
  go,
  fsButton,
  openFullscreen,
}: {
  count: number;
  index: number;
  go: (to: number) => void;
  fsButton: RefObject<HTMLButtonElement | null>;
  openFullscreen: () => void;
}) {
  return (
    <>
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
          onClick={openFullscreen}
          aria-label="View fullscreen"
          aria-haspopup="dialog"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2.2" />
          </svg>
        </button>
      ) : null}
    </>
  );
}

/** The thumbnail strip: its pictures load once the page has settled (`pictures`); until then each keeps its size. */
function Thumbnails({
  slides,
  index,
  scroll,
  pictures,
  go,
}: {
  slides: ViewerSlide[];
  index: number;
  scroll: boolean;
  pictures: boolean;
  go: (to: number) => void;
}) {
  return (
    <ul className={`${styles.thumbs} ${scroll ? styles.thumbsScroll : ""}`} aria-label="Thumbnails">
      {slides.map((s, i) => (
        <li key={i}>
          <button
            type="button"
            className={styles.thumb}
            aria-current={i === index ? "true" : undefined}
            onClick={() => go(i)}
            aria-label={s.kind === "video" ? "Play video" : `Show image ${i + 1}`}
          >
            {s.kind === "image" && pictures ? (
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
  );
}

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

  const loaded = useViewerChunks({ view, fullscreen, spinMayStart, touched });

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
  const stage = (
    <ViewerStage p={p} view={view} loaded={loaded} index={index} showServerPicture={!touched}>
      {p.children}
    </ViewerStage>
  );

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
          <GalleryControls count={count} index={index} go={go} fsButton={fsButton} openFullscreen={() => setFullscreen(true)} />
        </div>
      ) : (
        <div className={styles.stageBox}>{stage}</div>
      )}
      {view === "gallery" && p.showThumbnails ? (
        <Thumbnails slides={p.slides} index={index} scroll={p.thumbnailsScroll} pictures={pageSettled} go={go} />
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
