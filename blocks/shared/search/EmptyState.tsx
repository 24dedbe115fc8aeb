"use client";

import styles from "./search.module.css";

/** 'No Results Available' with the site's message and 'Clear Filters' (a real link; the click clears in place). */
export function EmptyState({ title, message, clearHref, onClear }: { title: string; message: string; clearHref: string; onClear: () => void }) {
  return (
    <div className={styles.empty} data-testid="empty-state">
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p>{message}</p>
      <a
        className={styles.button}
        href={clearHref}
        onClick={(e) => {
          e.preventDefault();
          onClear();
        }}
      >
        Clear Filters
      </a>
    </div>
  );
}
