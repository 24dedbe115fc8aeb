"use client";

import { useEffect, useId, useRef, type MouseEvent } from "react";
import { MESSAGES } from "@/runtime/leads/messages";
import styles from "./forms.module.css";

export interface SummaryItem {
  /** Element id of the field. */
  id: string;
  message: string;
}

/**
 * 'Please fix the following errors:' with a link to each field (test id error-warning). It takes
 * focus whenever focusKey changes (each failed submit), so keyboard and screen-reader users land
 * on it; a link moves focus to its field.
 */
export function ErrorSummary({ items, focusKey }: { items: SummaryItem[]; focusKey: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const focusedKey = useRef(0);
  const hasItems = items.length > 0;
  useEffect(() => {
    // Only a new failed submit moves focus, not every edit. The errors may arrive a render after
    // the submit count, so wait until the summary is on screen, then focus once per submit.
    if (focusKey > focusedKey.current && hasItems && ref.current) {
      focusedKey.current = focusKey;
      ref.current.focus();
    }
  }, [focusKey, hasItems]);
  if (!items.length) return null;
  const go = (e: MouseEvent<HTMLAnchorElement>, id: string) => {
    const el = document.getElementById(id);
    if (!el) return;
    e.preventDefault();
    const target = el.matches("input, select, textarea, button") ? el : (el.querySelector<HTMLElement>("input, select, textarea, button") ?? el);
    target.focus();
    target.scrollIntoView?.({ block: "center" });
  };
  return (
    <div ref={ref} className={styles.summary} data-testid="error-warning" role="alert" tabIndex={-1} aria-labelledby={titleId}>
      <p id={titleId} className={styles.summaryTitle}>
        {MESSAGES.errorSummary}
      </p>
      <ul className={styles.summaryList}>
        {items.map((item) => (
          <li key={item.id}>
            <a href={`#${item.id}`} onClick={(e) => go(e, item.id)} className={styles.link}>
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
