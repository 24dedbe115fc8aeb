import type { ResolvedWarrantyCarouselProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { DealerLink } from "@/runtime/render/dealer-link";
import { CarouselControls } from "@/blocks/shared/carousel/CarouselControls.lazy";
import { showsButtons, slidePosition } from "./domain";
import styles from "./warranty-carousel.module.css";

/** Warranty and cover cards in an embla carousel; before JavaScript the row scrolls natively (scroll snap). */
export function WarrantyCarousel({ props }: BlockComponentProps<ResolvedWarrantyCarouselProps>) {
  const count = props.slides.length;
  return (
    <section className={styles.section} aria-labelledby="warranty-carousel-heading" aria-roledescription="carousel">
      <h2 id="warranty-carousel-heading">{props.heading}</h2>
      <CarouselControls buttons={showsButtons(count)} previousLabel={props.previousLabel} nextLabel={props.nextLabel} styles={{ ...styles }}>
        <ul className={styles.container}>
          {props.slides.map((slide, i) => (
            <li key={`${slide.heading}-${i}`} className={styles.slide} aria-roledescription="slide" aria-label={slidePosition(i, count)}>
              <div className={styles.card}>
                <h3 className={styles.title}>{slide.heading}</h3>
                <p className={styles.text}>{slide.text}</p>
                {slide.href && slide.linkLabel ? (
                  <DealerLink href={slide.href} className={styles.link}>
                    {slide.linkLabel}
                  </DealerLink>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </CarouselControls>
    </section>
  );
}
