"use client";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ArrowIcon } from "./ArrowIcon";
import { focusAfterUpdate, type ScrollState } from "./focus";
import { nearestSnap, useCarouselSteps } from "./carousel-steps";

export interface CarouselControlsProps {
  /** Whether there is more than one page of cards, so the previous/next buttons are worth showing. */
  buttons: boolean;
  previousLabel: string;
  nextLabel: string;
  children: ReactNode;
  /**
   * Class names (viewport, nav, arrow) from the server component's CSS module, which links its stylesheet in
   * the head so the static markup is styled before this part's code arrives.
   */
  styles: Record<string, string>;
}

/**
 * embla on server-rendered cards, with previous/next buttons and arrow keys: nothing needs dragging (WCAG 2.5.7).
 * The locations and warranty carousels share it.
 */
export function CarouselControls({ buttons, previousLabel, nextLabel, children, styles }: CarouselControlsProps) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps" });
  const [can, setCan] = useState<ScrollState>({ prev: false, next: false });
  const prevButton = useRef<HTMLButtonElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the new state is rendered: the other button may itself be disabled until then.
  const pendingFocus = useRef<"prev" | "next" | null>(null);
  useLayoutEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === "prev") prevButton.current?.focus();
    else if (target === "next") nextButton.current?.focus();
  }, [can]);
  useEffect(() => {
    if (!emblaApi) return;
    // Swiped natively before this code arrived (the static row scrolls; hydrateLater carries the
    // position over): embla starts at the card the visitor had reached, not back at the first.
    const viewport = emblaApi.rootNode();
    const scrollable = viewport.scrollWidth - viewport.clientWidth;
    if (viewport.scrollLeft > 0 && scrollable > 0) {
      const progress = viewport.scrollLeft / scrollable;
      viewport.scrollLeft = 0;
      emblaApi.scrollTo(nearestSnap(progress, emblaApi.scrollSnapList()), true);
    }
    const update = () => {
      const state = { prev: emblaApi.canScrollPrev(), next: emblaApi.canScrollNext() };
      // A focused button about to be disabled would drop keyboard focus to the page: hand it to the other button first.
      const focused = document.activeElement === prevButton.current ? "prev" : document.activeElement === nextButton.current ? "next" : null;
      pendingFocus.current = focusAfterUpdate(focused, state);
      setCan(state);
    };
    update();
    emblaApi.on("select", update).on("reInit", update);
    return () => {
      emblaApi.off("select", update).off("reInit", update);
    };
  }, [emblaApi]);
  const { go, onKeyDown } = useCarouselSteps(emblaApi);
  return (
    <div onKeyDown={onKeyDown}>
      <div className={styles.viewport} ref={emblaRef} data-live={emblaApi ? "" : undefined} data-keep-scroll="">
        {children}
      </div>
      {buttons ? (
        <div className={styles.nav}>
          <button ref={prevButton} type="button" className={styles.arrow} onClick={() => go("prev")} disabled={!can.prev} aria-label={previousLabel}>
            <ArrowIcon direction="prev" />
          </button>
          <button ref={nextButton} type="button" className={styles.arrow} onClick={() => go("next")} disabled={!can.next} aria-label={nextLabel}>
            <ArrowIcon direction="next" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
