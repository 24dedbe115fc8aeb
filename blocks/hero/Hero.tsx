import type { ResolvedHeroProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import styles from "./hero.module.css";

/** The page's main heading (h1) over an optional background image, with up to two links. */
export function Hero({ props }: BlockComponentProps<ResolvedHeroProps>) {
  const { heading, subheading, image, imagePriority, align } = props;
  const ctas = props.ctas.slice(0, 2).filter((cta) => safeHref(cta.href));
  const imageSrc = image ? safeHref(image.src) : null;
  return (
    <section className={`${styles.hero} ${imageSrc ? styles.withImage : ""} ${align === "center" ? styles.center : ""}`}>
      {image && imageSrc ? (
        <img
          className={styles.image}
          src={imageSrc}
          alt={image.alt}
          width={image.width}
          height={image.height}
          decoding="async"
          {...(imagePriority ? { loading: "eager" as const, fetchPriority: "high" as const } : { loading: "lazy" as const })}
        />
      ) : null}
      <div className={styles.content}>
        <h1 className={styles.heading}>{heading}</h1>
        {subheading ? <p className={styles.subheading}>{subheading}</p> : null}
        {ctas.length > 0 ? (
          <div className={styles.actions}>
            {ctas.map((cta, i) => (
              <DealerLink key={i} href={cta.href} className={`${styles.cta} ${cta.style === "secondary" ? styles.secondary : styles.primary}`}>
                {cta.label}
              </DealerLink>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
