"use client";
import type { ReactNode } from "react";
/** The studio's top bar: the way back to the list, what is edited, undo, redo, review and save, and the status line. */
export function EditorBar(p: {
  kindWords: string;
  slug: string;
  fileName: string;
  canUndo: boolean;
  canRedo: boolean;
  unsaved: boolean;
  busy: boolean;
  status: string;
  onUndo: () => void;
  onRedo: () => void;
  onReview: () => void;
  confirmLeave: (e: { preventDefault: () => void }) => void;
  /** A dealer's way live (PublishButton), in place of "Review and save". */
  publish?: ReactNode;
  /** A dealer's stock feed screen. */
  feedPath?: string;
}) {
  return (
    <header className="studio-bar">
      <p>
        {/* A plain link: /studio is rewritten by proxy.ts, and leaving the editor is a full page load anyway. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/studio" onClick={p.confirmLeave}>
          Studio
        </a>{" "}
        · {p.kindWords}
        <strong>{p.slug}</strong> <span className="studio-file">({p.fileName})</span>
        {p.feedPath ? (
          <>
            {" · "}
            <a href={p.feedPath} onClick={p.confirmLeave}>
              Stock feed
            </a>
          </>
        ) : null}
      </p>
      <div className="studio-actions" role="toolbar" aria-label="Changes">
        <button type="button" onClick={p.onUndo} disabled={!p.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={p.onRedo} disabled={!p.canRedo} aria-keyshortcuts="Control+Y">
          Redo
        </button>
        {p.publish ?? (
          <button type="button" onClick={p.onReview} disabled={!p.unsaved}>
            Review and save
          </button>
        )}
      </div>
      {p.unsaved ? <p className="studio-unsaved">Changes not saved yet</p> : null}
      <p className="studio-status" role="status" aria-live="polite">
        {p.busy ? "Saving…" : p.status}
      </p>
    </header>
  );
}
