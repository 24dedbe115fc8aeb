import { notFound } from "next/navigation";
import type { ResolvedModelHeroProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { headlineSpecs, modelForPage } from "@/blocks/shared/models/catalogue";
import styles from "@/blocks/shared/models/models.module.css";
import { ModelGallery } from "./client/ModelGallery.lazy";

export function ModelHero({ props, site }: BlockComponentProps<ResolvedModelHeroProps>) {
  const model = modelForPage(site, props.model);
  if (!model) notFound();
  const specs = headlineSpecs(model);
  const brochure = safeHref(model.brochure_url);
  const comingSoon = model.status === "coming_soon";
  const pictures = (props.gallery ? (model.images ?? []) : []).flatMap((p, i) => {
    const src = safeHref(p.url);
    return src ? [{ src, alt: p.alt ?? `${model.full_name}, picture ${i + 1}` }] : [];
  });
  const main = safeHref(model.image?.url);
  if (pictures.length === 0 && main) pictures.push({ src: main, alt: model.image?.alt ?? model.full_name });
  return (
    <section className={styles.hero} aria-labelledby="model-heading">
      <div>
        {comingSoon ? <p className={styles.badge}>Coming soon</p> : null}
        <h1 id="model-heading" className={styles.title}>
          {model.full_name}
        </h1>
        {model.short_description ? <p className={styles.lead}>{model.short_description}</p> : null}
        {specs.length > 0 ? (
          <dl className={styles.specs}>
            {specs.map((s) => (
              <div key={s.category} className={styles.spec}>
                <dt>{s.category}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
        <div className={styles.heroActions}>
          {comingSoon ? (
            <a className="button" href="#register-interest-form">
              Register Interest
            </a>
          ) : (
            <DealerLink className="button" href="/book-test-drive">
              Book a Test Drive
            </DealerLink>
          )}
          {brochure ? (
            <a className="button button--outline" href={brochure} download>
              Download Brochure
            </a>
          ) : null}
        </div>
      </div>
      {pictures.length > 0 ? (
        <ModelGallery label={`${model.full_name} pictures`} count={pictures.length} styles={styles}>
          {pictures.map((p, i) => (
            <div
              key={p.src}
              className={styles.slide}
              {...(pictures.length > 1 ? { role: "group", "aria-roledescription": "slide", "aria-label": `${i + 1} of ${pictures.length}` } : {})}
            >
              <div className={styles.media}>
                <img
                  className={styles.picture}
                  src={p.src}
                  alt={p.alt}
                  width={800}
                  height={600}
                  decoding="async"
                  {...(i === 0 ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const))}
                />
              </div>
            </div>
          ))}
        </ModelGallery>
      ) : null}
    </section>
  );
}
