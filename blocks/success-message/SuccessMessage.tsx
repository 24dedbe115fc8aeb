import { Link } from "@/runtime/ui/link";
import type { DealerManifest, ResolvedSuccessMessageProps } from "@/runtime/generated/types";
import { resolvedWording } from "@/runtime/wording";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { matchRoute } from "@/runtime/routing";
import { safeHref } from "@/runtime/safe-href";
import { leadsReachSomeone } from "@/runtime/leads/settings";
import { receivedNotSentMessage } from "@/runtime/leads/messages";
import { CategoryLine } from "./CategoryLine.lazy";
import { lineForCategory } from "./category-line";
import styles from "./success-message.module.css";

const STOCK_SECTIONS = new Set(["search", "stock", "inventory"]);

/** The site's stock search page: the first route under /search (or /stock, /inventory) with its dynamic tail removed, when that path is a page. */
export function stockSearchPath(manifest: DealerManifest): string | null {
  const patterns = Object.keys(manifest.routes);
  for (const pattern of patterns) {
    const segments = pattern.split("/").filter(Boolean);
    if (!STOCK_SECTIONS.has(segments[0] ?? "")) continue;
    const firstDynamic = segments.findIndex((s) => s.startsWith("["));
    const path = `/${(firstDynamic === -1 ? segments : segments.slice(0, firstDynamic)).join("/")}`;
    const match = matchRoute(patterns, path);
    if (match && isEnabled(manifest, manifest.routes[match.pattern].flag)) return path;
  }
  return null;
}

/** The category a plain form post's redirect names (`?sent=`), or null. */
function sentCategory(params: Record<string, string | string[] | undefined> | undefined): string | null {
  const v = params?.sent;
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.length <= 100 ? s : null;
}

export function SuccessMessage({ props, site }: BlockComponentProps<ResolvedSuccessMessageProps>) {
  // A loaded manifest's wording is complete; words missing from one built by hand are the schema's.
  const wording = resolvedWording(site.manifest.wording);
  // Empty title and message (their defaults) mean the site's wording.
  const title = props.title.trim() || wording.successTitle;
  // A dealer whose leads reach no one (no destination, no platform fallback): stored, so "received", never "sent".
  const message = leadsReachSomeone(site.manifest)
    ? props.message.trim() || wording.successMessage
    : receivedNotSentMessage(site.manifest.contact?.phones?.sales);
  const stockHref = safeHref(props.stockHref.trim()) ?? stockSearchPath(site.manifest);
  const stockLabel = props.stockLabel;
  return (
    <section className={styles.section}>
      <svg className={styles.tick} viewBox="0 0 48 48" width="56" height="56" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.message}>{message}</p>
      {props.tailorToCategory ? <CategoryLine className={styles.tailored} initial={lineForCategory(sentCategory(site.searchParams))} /> : null}
      <p className={styles.actions}>
        <Link href="/" className={`${styles.button} ${styles.outline}`}>
          {props.homeLabel}
        </Link>
        {stockHref ? (
          stockHref.startsWith("/") ? (
            <Link href={stockHref} className={styles.button}>
              {stockLabel}
            </Link>
          ) : (
            <a href={stockHref} className={styles.button} rel="noopener noreferrer">
              {stockLabel}
            </a>
          )
        ) : null}
      </p>
    </section>
  );
}
