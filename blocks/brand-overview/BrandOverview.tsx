import { notFound } from "next/navigation";
import type { ResolvedBrandOverviewProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { DealerLink } from "@/runtime/render/dealer-link";
import { brandStockHref, pageBrand } from "./domain";
import styles from "./brand-overview.module.css";

export function BrandOverview({ props, site }: BlockComponentProps<ResolvedBrandOverviewProps>) {
  const brand = pageBrand(site.manifest, site.params.brand);
  if (!brand) notFound();
  const banner = safeHref(brand.imageBannerSrc);
  const logo = safeHref(brand.logoSrc);
  return (
    <section className={styles.section} aria-labelledby="brand-heading">
      {banner ? (
        <div className={styles.banner}>
          <img className={styles.bannerImage} src={banner} alt="" width={1200} height={300} fetchPriority="high" decoding="async" />
        </div>
      ) : null}
      <div className={styles.body}>
        {logo ? <img className={styles.logo} src={logo} alt="" width={160} height={80} decoding="async" /> : null}
        <h1 id="brand-heading" className={styles.title}>
          {brand.title}
        </h1>
        {brand.description ? <p className={styles.description}>{brand.description}</p> : null}
        <p className={styles.actions}>
          <DealerLink className="button" href={brandStockHref(brand)}>
            {props.stockLabel}
          </DealerLink>
          <DealerLink className="button button--outline" href="/contact">
            {props.contactLabel}
          </DealerLink>
        </p>
      </div>
    </section>
  );
}
