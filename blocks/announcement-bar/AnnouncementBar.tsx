import { Link } from "@/runtime/ui/link";
import type { DealerManifest, ResolvedAnnouncementBarProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { safeHref } from "@/runtime/safe-href";
import { isLive } from "@/runtime/tiles";
import { siteTimeZone } from "@/runtime/time";
import styles from "./announcement-bar.module.css";

interface Announcement {
  text: string;
  /** Safe href; the text itself is the link when there is no label. */
  href?: string;
  label?: string;
}

/**
 * What to show at `now`: the block's own text (with its own link) replaces manifest.announcement as
 * a whole while it is inside its window; outside it, or without text, the manifest's announcement
 * shows while inside its own window. A dated announcement never shows before or after its dates.
 */
export function resolveAnnouncement(props: ResolvedAnnouncementBarProps, manifest: DealerManifest, now: Date): Announcement | null {
  const timeZone = siteTimeZone(manifest);
  const own = props.text.trim();
  if (own && isLive({ start: props.start || undefined, expiry: props.expiry || undefined, repeat: props.repeat }, now, timeZone)) {
    const href = safeHref(props.linkHref);
    const label = props.linkLabel.trim();
    return { text: own, ...(href ? { href } : {}), ...(href && label ? { label } : {}) };
  }
  const text = manifest.announcement?.text?.trim();
  if (!text || !isLive(manifest.announcement!, now, timeZone)) return null;
  const href = safeHref(manifest.announcement?.href);
  return { text, ...(href ? { href } : {}) };
}

function AnnouncementLink({ href, className, children }: { href: string; className: string; children: string }) {
  return href.startsWith("/") ? (
    <Link href={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className} rel={href.startsWith("http") ? "noopener noreferrer" : undefined}>
      {children}
    </a>
  );
}

export function AnnouncementBar({ props, site }: BlockComponentProps<ResolvedAnnouncementBarProps>) {
  const announcement = resolveAnnouncement(props, site.manifest, site.now);
  if (!announcement) return null;
  const { text, href, label } = announcement;
  return (
    <section aria-label="Announcement" className={`${styles.bar} ${props.tone === "surface" ? styles.surface : styles.primary}`}>
      <p className={styles.inner}>
        {href && !label ? (
          <AnnouncementLink href={href} className={styles.link}>
            {text}
          </AnnouncementLink>
        ) : (
          <span>{text}</span>
        )}
        {href && label ? (
          <AnnouncementLink href={href} className={styles.link}>
            {label}
          </AnnouncementLink>
        ) : null}
      </p>
    </section>
  );
}
