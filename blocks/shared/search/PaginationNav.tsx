"use client";

import { usePagination } from "react-instantsearch";
import styles from "./search.module.css";

/** Page links are real URLs (shareable, crawlable); a click changes page in place. */
export function PaginationNav({ onNavigate }: { onNavigate: () => void }) {
  const { pages, currentRefinement, nbPages, isFirstPage, isLastPage, refine, createURL } = usePagination({ padding: 2 });
  if (nbPages <= 1) return null;
  const go = (page: number) => (e: React.MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    refine(page);
    onNavigate();
  };
  const link = (page: number, label: string, text: string, extra: { current?: boolean; rel?: string } = {}) => (
    <a
      href={createURL(page)}
      onClick={go(page)}
      aria-label={label}
      aria-current={extra.current ? "page" : undefined}
      rel={extra.rel}
      className={extra.current ? styles.pageCurrent : styles.page}
    >
      {text}
    </a>
  );
  return (
    <nav className={styles.pagination} aria-label="Pagination" data-testid="pagination">
      <ul>
        {!isFirstPage ? <li>{link(currentRefinement - 1, "Previous page", "‹ Previous", { rel: "prev" })}</li> : null}
        {pages.map((p) => (
          <li key={p}>{link(p, `Page ${p + 1}`, String(p + 1), { current: p === currentRefinement })}</li>
        ))}
        {!isLastPage ? <li>{link(currentRefinement + 1, "Next page", "Next ›", { rel: "next" })}</li> : null}
      </ul>
    </nav>
  );
}

/**
 * A page past the last one (an old link, a hand-typed ?page=49): says so and links to the last
 * page that has results, instead of an empty grid. A real link; a click changes page in place.
 */
export function PastLastPage({ onNavigate }: { onNavigate: () => void }) {
  const { nbPages, refine, createURL } = usePagination();
  const last = Math.max(nbPages - 1, 0);
  return (
    <div className={styles.empty} data-testid="past-last-page">
      <h2 className={styles.emptyTitle}>No results on this page</h2>
      <p>These results end on page {last + 1}.</p>
      <a
        className={styles.button}
        href={createURL(last)}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          refine(last);
          onNavigate();
        }}
      >
        Go to the last page
      </a>
    </div>
  );
}
