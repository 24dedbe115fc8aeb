"use client";
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import { autoRotateStep, dragFrame, framesToFetch, hotspotsAt, SPIN_SENSITIVITY, stepFrame } from "@/blocks/vehicle-viewer/domain/spin";
import type { ViewerHotspot } from "./types";
import styles from "../vehicle-viewer.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/**
 * Fetches the frames a few ahead of the one shown; returns the frames that have loaded or
 * failed (the auto-rotation moves on to those only). Refs, not state: they change on every
 * frame and nothing renders from them directly.
 */
function useFramePrefetch(frame: number, count: number, frames: string[]) {
  const fetched = useRef(new Set<number>());
  const settled = useRef(new Set<number>());
  useEffect(() => {
    for (const f of framesToFetch(frame, count, fetched.current)) {
      fetched.current.add(f);
      const img = new Image();
      img.decoding = "async";
      img.onload = img.onerror = () => settled.current.add(f);
      img.src = frames[f];
    }
  }, [frame, count, frames]);
  return settled;
}

/**
 * One turn of auto-rotation (one frame per interval, waiting for frames not yet arrived),
 * started on mount unless disabled or the visitor prefers reduced motion.
 */
function useAutoRotate(
  { frame, setFrame, count, intervalMs, autoRotate }: { frame: number; setFrame: (f: number) => void; count: number; intervalMs: number; autoRotate: boolean },
  settled: RefObject<Set<number>>,
) {
  const [rotating, setRotating] = useState(false);
  useEffect(() => {
    const reduced = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (autoRotate && !reduced && count > 1) setRotating(true);
  }, [autoRotate, count]);

  // The interval reads the shown frame from a ref (a state updater must stay free of side effects).
  const shown = useRef(frame);
  useEffect(() => {
    shown.current = frame;
  }, [frame]);
  useEffect(() => {
    if (!rotating) return;
    let steps = 0;
    const timer = setInterval(() => {
      const next = autoRotateStep(shown.current, count, settled.current);
      if (next === shown.current) return;
      steps += 1;
      shown.current = next;
      setFrame(next);
      if (steps >= count) {
        clearInterval(timer);
        setRotating(false);
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs, setFrame, settled]);
  return { rotating, setRotating };
}

/** The exterior hotspots at the shown frame: buttons that show their description. */
function SpinHotspots({ spots }: { spots: ReturnType<typeof hotspotsAt<ViewerHotspot>> }) {
  const [openSpot, setOpenSpot] = useState<string | null>(null);
  return spots.map(({ hotspot, x, y }) => (
    <div key={hotspot.id} className={styles.hotspot} style={{ left: `${x}%`, top: `${y}%` }}>
      <button
        type="button"
        className={styles.hotspotDot}
        aria-expanded={openSpot === hotspot.id}
        onClick={() => setOpenSpot((s) => (s === hotspot.id ? null : hotspot.id))}
      >
        <span className="visually-hidden">{hotspot.title}</span>
      </button>
      {openSpot === hotspot.id ? (
        <div className={styles.hotspotNote} role="note">
          <strong>{hotspot.title}</strong> {hotspot.description}
        </div>
      ) : null}
    </div>
  ));
}

/** Turn left, play/stop one turn, turn right. */
function SpinControls({ rotating, setRotating, go }: { rotating: boolean; setRotating: (r: boolean) => void; go: (steps: number) => void }) {
  return (
    <div className={styles.viewerControls}>
      <button type="button" className={shared.iconButton} onClick={() => go(-1)} aria-label="Turn left">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <button
        type="button"
        className={shared.iconButton}
        onClick={() => (rotating ? setRotating(false) : setRotating(true))}
        aria-label={rotating ? "Stop turning" : "Turn once"}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          {rotating ? <path d="M7 5h3v14H7zm7 0h3v14h-3z" fill="currentColor" /> : <path d="M8 5v14l11-7z" fill="currentColor" />}
        </svg>
      </button>
      <button type="button" className={shared.iconButton} onClick={() => go(1)} aria-label="Turn right">
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
    </div>
  );
}

/**
 * The 360 spin, loaded on demand. Auto-rotates once (one frame per interval) unless disabled or
 * the visitor prefers reduced motion, and stops on any interaction. Frames are fetched a few
 * ahead of the one shown (SPIN_FRAMES_AHEAD), and the auto-rotation waits for a frame that has
 * not arrived yet. Drag (20 px a frame), the
 * arrow keys and the rotate buttons change the frame; exterior hotspots for the frame are buttons
 * that show their description.
 */
export default function SpinViewer({
  frames,
  hotspots,
  title,
  autoRotate,
  intervalMs,
}: {
  frames: string[];
  hotspots: ViewerHotspot[];
  title: string;
  autoRotate: boolean;
  intervalMs: number;
}) {
  const count = frames.length;
  const [frame, setFrame] = useState(0);
  const [failed, setFailed] = useState(false);
  const drag = useRef<{ x: number; start: number } | null>(null);
  const settled = useFramePrefetch(frame, count, frames);
  const { rotating, setRotating } = useAutoRotate({ frame, setFrame, count, intervalMs, autoRotate }, settled);

  const go = (steps: number) => {
    setRotating(false);
    setFrame((f) => stepFrame(f, steps, count));
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") go(-1);
    else if (e.key === "ArrowRight") go(1);
    else return;
    e.preventDefault();
  };
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    setRotating(false);
    drag.current = { x: e.clientX, start: frame };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setFrame(dragFrame(drag.current.start, e.clientX - drag.current.x, count, SPIN_SENSITIVITY));
  };
  const onUp = () => {
    drag.current = null;
  };
  const spots = hotspotsAt(hotspots, frame);
  return (
    <div className={styles.spin}>
      <div
        className={styles.spinStage}
        tabIndex={0}
        role="slider"
        aria-label={`360 view of ${title}`}
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={frame + 1}
        aria-valuetext={`Angle ${frame + 1} of ${count}`}
        onKeyDown={onKey}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        data-testid="spin-stage"
      >
        {failed ? (
          <div className={shared.placeholder}>Image unavailable</div>
        ) : (
          <img
            className={shared.media}
            src={frames[frame]}
            alt=""
            width={800}
            height={600}
            draggable={false}
            onError={() => {
              console.warn(`[vehicle-page] spin frame failed to load: ${frames[frame]}`);
              setFailed(true);
            }}
          />
        )}
      </div>
      <SpinHotspots spots={spots} />
      <SpinControls rotating={rotating} setRotating={setRotating} go={go} />
    </div>
  );
}
