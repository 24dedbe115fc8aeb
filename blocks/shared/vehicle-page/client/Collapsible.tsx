"use client";
import { useEffect, useState, type ReactNode } from "react";
import styles from "../vehicle-page.module.css";

/** Storage key of a persistent section's state: one per header text. */
export const collapseKey = (title: string) => `vdp:section:${title}`;

/**
 * A section whose header button opens and closes it with a 300 ms animation. Persistent sections
 * remember their state per header in localStorage. The content is server-rendered and open, so it
 * is indexed and readable without script; a closed panel is hidden from the tab order and from
 * assistive technology (visibility: hidden once the animation ends).
 */
export function Collapsible({ id, title, persistent = true, children }: { id: string; title: string; persistent?: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!persistent) return;
    try {
      const saved = window.localStorage.getItem(collapseKey(title));
      if (saved === "closed") setOpen(false);
    } catch {
      /* storage blocked: keep the default */
    }
  }, [persistent, title]);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (persistent) {
      try {
        window.localStorage.setItem(collapseKey(title), next ? "open" : "closed");
      } catch {
        /* storage blocked or full: the state lasts for this page only */
      }
    }
  };
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`} id={id} data-section={id}>
      <h2 id={`${id}-heading`} className={styles.sectionHeading}>
        <button type="button" className={styles.sectionToggle} aria-expanded={open} aria-controls={`${id}-panel`} onClick={toggle}>
          <span>{title}</span>
          <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h2>
      <div id={`${id}-panel`} className={styles.panel} data-open={open ? "true" : "false"}>
        <div className={styles.panelInner}>{children}</div>
      </div>
    </section>
  );
}
