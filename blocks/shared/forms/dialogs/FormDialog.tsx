"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "../forms.module.css";

export interface FormDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Passed to the children so the form can name itself after the dialog title. */
  titleId?: string;
}

/**
 * A modal form dialog on the native <dialog> (showModal: focus is trapped, the page behind is
 * inert, Escape closes). On open the title takes focus; on close focus returns to what had it.
 */
export function FormDialog({ title, open, onClose, children, titleId }: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const autoId = useId();
  const hid = titleId ?? `${autoId}-title`;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (typeof d.showModal === "function") d.showModal();
      else d.setAttribute("open", "");
      headingRef.current?.focus();
    } else if (!open && d.open) {
      if (typeof d.close === "function") d.close();
      else d.removeAttribute("open");
    }
  }, [open]);

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onNativeClose = () => {
      onClose();
      returnTo.current?.focus?.();
    };
    d.addEventListener("close", onNativeClose);
    return () => d.removeEventListener("close", onNativeClose);
  }, [onClose]);

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={hid} onCancel={() => onClose()}>
      <div className={styles.dialogHeader}>
        <h2 id={hid} ref={headingRef} tabIndex={-1} className={styles.dialogTitle}>
          {title}
        </h2>
        <button
          type="button"
          className={styles.close}
          aria-label="Close"
          onClick={() => (ref.current?.open ? (ref.current.close?.() ?? onClose()) : onClose())}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.dialogBody}>{open ? children : null}</div>
    </dialog>
  );
}
