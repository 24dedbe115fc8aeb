"use client";
import { useCallback, type KeyboardEvent } from "react";
import type { UseEmblaCarouselType } from "embla-carousel-react";

type EmblaApi = UseEmblaCarouselType[1];

/**
 * One step back or forward for a carousel's buttons, and the arrow keys doing the same anywhere inside it,
 * so nothing needs dragging (WCAG 2.5.7). Other keys pass through untouched.
 */
export function useCarouselSteps(emblaApi: EmblaApi) {
  const go = useCallback((dir: "prev" | "next") => (dir === "prev" ? emblaApi?.scrollPrev() : emblaApi?.scrollNext()), [emblaApi]);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") go("prev");
    else if (event.key === "ArrowRight") go("next");
    else return;
    event.preventDefault();
  };
  return { go, onKeyDown };
}

/**
 * The snap nearest a native scroll position, as a share (0 to 1) of how far the row can scroll:
 * where embla starts when the visitor swiped the static row before its code arrived. `snaps` are
 * embla's scroll snaps as the same shares (`scrollSnapList()`).
 */
export function nearestSnap(progress: number, snaps: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < snaps.length; i++) if (Math.abs(snaps[i] - progress) < Math.abs(snaps[best] - progress)) best = i;
  return best;
}
