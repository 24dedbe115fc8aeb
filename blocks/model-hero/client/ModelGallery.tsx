"use client";

import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState, type ReactNode } from "react";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";
import { useCarouselSteps } from "@/blocks/shared/carousel/carousel-steps";

interface ModelGalleryProps {
  label: string;
  count: number;
  /** The slides, rendered on the server. */
  children: ReactNode;
  /** Class names from the server component's CSS module (linked in the head). */
  styles: Record<string, string>;
}

/** The model's pictures in a looping carousel (embla): previous/next buttons, arrow keys, and swiping, which is never needed. */
export function ModelGallery({ label, count, children, styles }: ModelGalleryProps) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on("select", onSelect).on("reInit", onSelect);
    return () => {
      emblaApi.off("select", onSelect).off("reInit", onSelect);
    };
  }, [emblaApi]);

  const { go, onKeyDown } = useCarouselSteps(emblaApi);

  return (
    // data-ready: the controls answer from here on (the model page paints before its scripts load).
    <div
      className={styles.carousel}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={onKeyDown}
      data-ready={emblaApi ? "true" : "false"}
    >
      <div className={styles.viewport} ref={emblaRef}>
        <div className={styles.track}>{children}</div>
      </div>
      {count > 1 ? (
        <div className={styles.controls}>
          <button type="button" className={styles.arrow} onClick={() => go("prev")} aria-label="Previous picture">
            <ArrowIcon direction="prev" />
          </button>
          <span className={styles.counter} aria-live="polite">{`${selected + 1} of ${count}`}</span>
          <button type="button" className={styles.arrow} onClick={() => go("next")} aria-label="Next picture">
            <ArrowIcon direction="next" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
