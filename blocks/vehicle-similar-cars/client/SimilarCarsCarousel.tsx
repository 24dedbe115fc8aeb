"use client";
import useEmblaCarousel from "embla-carousel-react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import styles from "../vehicle-similar-cars.module.css";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { ArrowIcon } from "@/blocks/shared/carousel/ArrowIcon";

/** Embla carousel of server-rendered similar-car cards, with previous / next buttons (no dragging needed). */
export function SimilarCarsCarousel({ label, children }: { label: string; children: ReactNode }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ align: "start", containScroll: "trimSnaps" });
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(true);
  const update = useCallback(() => {
    if (!emblaApi) return;
    setCanPrev(emblaApi.canScrollPrev());
    setCanNext(emblaApi.canScrollNext());
  }, [emblaApi]);
  useEffect(() => {
    if (!emblaApi) return;
    update();
    emblaApi.on("select", update).on("reInit", update);
    return () => {
      emblaApi.off("select", update).off("reInit", update);
    };
  }, [emblaApi, update]);
  return (
    <div className={styles.carousel} role="region" aria-roledescription="carousel" aria-label={label}>
      <div className={styles.carouselViewport} ref={emblaRef}>
        <div className={styles.carouselContainer}>{children}</div>
      </div>
      <div className={styles.carouselNav}>
        <button type="button" className={shared.iconButton} onClick={() => emblaApi?.scrollPrev()} disabled={!canPrev} aria-label="Previous similar vehicles">
          <ArrowIcon direction="prev" />
        </button>
        <button type="button" className={shared.iconButton} onClick={() => emblaApi?.scrollNext()} disabled={!canNext} aria-label="Next similar vehicles">
          <ArrowIcon direction="next" />
        </button>
      </div>
    </div>
  );
}
