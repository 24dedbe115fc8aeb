"use client";

import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { useCallback, useEffect, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from "react";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";

interface SliderCarouselProps {
  /** One title per slide, for the dot buttons' names. */
  slideTitles: string[];
  autoplay: boolean;
  delayMs: number;
  /** The slides, rendered on the server. */
  children: ReactNode;
  /**
   * Class names from the server component's CSS module. The stylesheet is imported only on the
   * server side so it is linked in the page's <head>: imported here it would arrive with this
   * component's JavaScript, leaving the controls unstyled until then.
   */
  styles: Record<string, string>;
}

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * Embla with its autoplay plugin: the selected slide, Pause/Play, hover and focus, and the
 * visitor's reduced-motion preference (which pauses and turns off animation). `go` moves to the
 * previous, next or a given slide and restarts the autoplay delay.
 */
function useSlider(autoplay: boolean, delayMs: number) {
  const [plugins] = useState(() =>
    autoplay ? [Autoplay({ delay: delayMs, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false, stopOnMouseEnter: false })] : [],
  );
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, plugins);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const running = autoplay && !paused && !hovered && !focused;

  useEffect(() => {
    const query = typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null;
    if (!query) return;
    const apply = () => {
      setReducedMotion(query.matches);
      if (query.matches) setPaused(true);
    };
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, []);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    // A drag takes over from autoplay (the plugin stops itself); the button then offers Play.
    const onPointerDown = () => setPaused(true);
    onSelect();
    emblaApi.on("select", onSelect).on("reInit", onSelect).on("pointerDown", onPointerDown);
    return () => {
      emblaApi.off("select", onSelect).off("reInit", onSelect).off("pointerDown", onPointerDown);
    };
  }, [emblaApi]);

  useEffect(() => {
    const plugin = emblaApi?.plugins().autoplay;
    if (!plugin) return;
    if (running) plugin.play(reducedMotion);
    else plugin.stop();
  }, [emblaApi, running, reducedMotion]);

  const go = useCallback(
    (to: "prev" | "next" | number) => {
      if (!emblaApi) return;
      if (to === "prev") emblaApi.scrollPrev(reducedMotion);
      else if (to === "next") emblaApi.scrollNext(reducedMotion);
      else emblaApi.scrollTo(to, reducedMotion);
      emblaApi.plugins().autoplay?.reset();
    },
    [emblaApi, reducedMotion],
  );
  return { emblaRef, emblaApi, selected, paused, setPaused, setHovered, setFocused, running, go };
}

/** Pause/Play (with autoplay), previous and next, and one dot per slide. */
function SliderControls({
  styles,
  autoplay,
  paused,
  onTogglePause,
  slideTitles,
  selected,
  go,
}: {
  styles: Record<string, string>;
  autoplay: boolean;
  paused: boolean;
  onTogglePause: () => void;
  slideTitles: string[];
  selected: number;
  go: (to: "prev" | "next" | number) => void;
}) {
  return (
    <div className={styles.controls}>
      {autoplay ? (
        <button type="button" className={styles.control} onClick={onTogglePause} aria-label={paused ? "Play slideshow" : "Pause slideshow"}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            {paused ? <path d="M7 4.5v15l13-7.5z" fill="currentColor" /> : <path d="M6 4h4v16H6zm8 0h4v16h-4z" fill="currentColor" />}
          </svg>
          <span>{paused ? "Play" : "Pause"}</span>
        </button>
      ) : null}
      <div className={styles.nav}>
        <button type="button" className={styles.arrow} onClick={() => go("prev")} aria-label="Previous slide">
          <ArrowIcon direction="prev" />
        </button>
        <div className={styles.dots} role="group" aria-label="Choose a slide">
          {slideTitles.map((title, i) => (
            <button
              key={i}
              type="button"
              className={styles.dot}
              onClick={() => go(i)}
              aria-label={`Slide ${i + 1} of ${slideTitles.length}: ${title}`}
              aria-current={i === selected ? "true" : undefined}
            >
              <span className={styles.dotMark} aria-hidden="true" />
            </button>
          ))}
        </div>
        <button type="button" className={styles.arrow} onClick={() => go("next")} aria-label="Next slide">
          <ArrowIcon direction="next" />
        </button>
      </div>
    </div>
  );
}

/**
 * The slider's behaviour only: embla, autoplay and the controls. Autoplay (WCAG 2.2.2) stops
 * for good when the visitor presses Pause or drags, stops while the pointer is over a slide or
 * a slide link has focus, and never starts by itself for visitors who prefer reduced motion
 * (they can still press Play; slides then change without animation).
 */
export function SliderCarousel({ slideTitles, autoplay, delayMs, children, styles }: SliderCarouselProps) {
  const { emblaRef, emblaApi, selected, paused, setPaused, setHovered, setFocused, running, go } = useSlider(autoplay, delayMs);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") go("prev");
    else if (event.key === "ArrowRight") go("next");
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    // data-ready: the controls answer from here on (home pages paint before their scripts load).
    <div className={styles.carousel} onKeyDown={onKeyDown} data-ready={emblaApi ? "true" : "false"}>
      <div
        className={styles.viewport}
        ref={emblaRef}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
      >
        <div className={styles.container} aria-live={running ? "off" : "polite"}>
          {children}
        </div>
      </div>
      <SliderControls
        styles={styles}
        autoplay={autoplay}
        paused={paused}
        onTogglePause={() => setPaused((p) => !p)}
        slideTitles={slideTitles}
        selected={selected}
        go={go}
      />
    </div>
  );
}
