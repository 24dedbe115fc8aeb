"use client";
import { useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { dismissToast, subscribeToast, toastServerSnapshot, toastSnapshot } from "./toast-store";
import styles from "./toast.module.css";

/** The page's one toast, drawn by the component that raised it (a new toast from any component replaces it). */
export function ToastHost({ owner, testId }: { owner: string; testId?: string }) {
  const toast = useSyncExternalStore(subscribeToast, toastSnapshot, toastServerSnapshot);
  if (!toast || toast.owner !== owner || typeof document === "undefined") return null;
  return createPortal(
    <div className={styles.toast} role="status" data-testid={testId} key={toast.id}>
      <span>{toast.text}</span>
      {toast.link ? <a href={toast.link.href}>{toast.link.label}</a> : null}
      <button type="button" className={styles.toastClose} onClick={dismissToast} aria-label="Close message">
        ×
      </button>
    </div>,
    document.body,
  );
}
