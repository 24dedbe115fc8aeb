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
