"use client";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from "react";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";

export interface WarrantyCarouselControlsProps {
  buttons: boolean;
  previousLabel: string;
  nextLabel: string;
  children: ReactNode;
  /** Class names from the server component's CSS module (linked in the head, see the promotions slider). */
  styles: Record<string, string>;
}

/** embla on the server-rendered cards, with previous/next buttons and arrow keys: nothing needs dragging (WCAG 2.5.7). */
export function WarrantyCarouselControls({ buttons, previousLabel, nextLabel, children, styles }: WarrantyCarouselControlsProps) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps" });
  const [can, setCan] = useState({ prev: false, next: false });
  useEffect(() => {
    if (!emblaApi) return;
    const update = () => setCan({ prev: emblaApi.canScrollPrev(), next: emblaApi.canScrollNext() });
    update();
    emblaApi.on("select", update).on("reInit", update);
    return () => {
      emblaApi.off("select", update).off("reInit", update);
    };
  }, [emblaApi]);
  const go = useCallback((dir: "prev" | "next") => (dir === "prev" ? emblaApi?.scrollPrev() : emblaApi?.scrollNext()), [emblaApi]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "ArrowLeft") go("prev");
    else if (event.key === "ArrowRight") go("next");
    else return;
    event.preventDefault();
  };
  return (
    <div onKeyDown={onKeyDown}>
      <div className={styles.viewport} ref={emblaRef} data-live={emblaApi ? "" : undefined}>
        {children}
      </div>
      {buttons ? (
        <div className={styles.nav}>
          <button type="button" className={styles.arrow} onClick={() => go("prev")} disabled={!can.prev} aria-label={previousLabel}>
            <ArrowIcon direction="prev" />
          </button>
          <button type="button" className={styles.arrow} onClick={() => go("next")} disabled={!can.next} aria-label={nextLabel}>
            <ArrowIcon direction="next" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
