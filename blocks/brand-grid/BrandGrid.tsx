import type { ResolvedBrandGridProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { brandHref, LIST_NAMES } from "./brand-links";
import { brandStockCount } from "@/runtime/brands";
import { DealerLink } from "@/runtime/render/dealer-link";
import styles from "./brand-grid.module.css";

/** Logo files are drawn 160 by 80 (2:1); the attributes reserve that box before they load. */
const LOGO_WIDTH = 160;
const LOGO_HEIGHT = 80;

export function BrandGrid({ props, site, data }: BlockComponentProps<ResolvedBrandGridProps, Record<string, number> | null>) {
  const list = props.list;
  // A tile that links to stock is left out when the site has none of that make (npm run validate warns about it);
  // without counts (no loader data) every tile shows, as before.
  const counts = data ?? null;
  const brands = (site.manifest.brands?.[list] ?? []).filter((b) => !counts || !b.skipPage || brandStockCount(b, counts) > 0);
  if (brands.length === 0) return null;
  const heading = props.heading;
  return (
    <section className={styles.section} aria-label={heading ? undefined : LIST_NAMES[list]}>
      {heading ? <h2 className={styles.heading}>{heading}</h2> : null}
      <ul className={styles.grid}>
        {brands.map((brand) => {
          const logo = safeHref(brand.logoSrc);
          const face = logo ? (
            <img className={styles.logo} src={logo} alt={brand.title} width={LOGO_WIDTH} height={LOGO_HEIGHT} loading="lazy" decoding="async" />
          ) : (
            <span className={styles.name}>{brand.title}</span>
          );
          const href = brandHref(brand);
          return (
            <li key={brand.slug} className={styles.item}>
              {href ? (
                <DealerLink href={href} className={styles.link}>
                  {face}
                </DealerLink>
              ) : (
                <span className={styles.tile}>{face}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
