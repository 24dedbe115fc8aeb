import { Link } from "@/runtime/ui/link";
import type { ResolvedBreadcrumbsProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { breadcrumbJsonLd, cleanItems, scriptJson, trailFromPath, type Crumb } from "./trail";
import styles from "./breadcrumbs.module.css";

export function Breadcrumbs({ props, site }: BlockComponentProps<ResolvedBreadcrumbsProps>) {
  const after = props.items.length > 0 ? cleanItems(props.items) : trailFromPath(site.manifest, site.pathname, site.pattern);
  if (after.length === 0) return null;
  const trail: Crumb[] = [{ label: props.homeLabel, href: "/" }, ...after];
  const last = trail.length - 1;
  return (
    <nav aria-label="Breadcrumb" className={styles.nav}>
      <ol className={styles.list}>
        {trail.map((crumb, i) => (
          <li key={i} className={styles.item}>
            {crumb.href ? (
              crumb.href.startsWith("/") ? (
                <Link href={crumb.href} className={styles.link} aria-current={i === last ? "page" : undefined}>
                  {crumb.label}
                </Link>
              ) : (
                <a href={crumb.href} className={styles.link} rel="noopener noreferrer" aria-current={i === last ? "page" : undefined}>
                  {crumb.label}
                </a>
              )
            ) : (
              <span className={i === last ? styles.current : undefined} aria-current={i === last ? "page" : undefined}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(breadcrumbJsonLd(trail, site.origin, site.pathname)) }} />
    </nav>
  );
}
