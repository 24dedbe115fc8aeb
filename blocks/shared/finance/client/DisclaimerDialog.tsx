"use client";

import { useId, useRef, type MouseEvent, type ReactNode } from "react";
import styles from "../finance.module.css";

interface DisclaimerDialogProps {
  buttonLabel: string;
  title: string;
  /** The dialog's content, rendered on the server. */
  children: ReactNode;
  /** "link" for a small text button (the sidebar's finance summary). */
  variant?: "button" | "link";
}

/**
 * A button opening a native modal <dialog> (focus is trapped by the browser, Escape closes it).
 * Closing by the Close button, Escape or a click on the backdrop returns focus to the button.
 */
export function DisclaimerDialog({ buttonLabel, title, children, variant = "button" }: DisclaimerDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  const open = () => {
    const d = dialog.current;
    if (!d || d.open) return;
    if (typeof d.showModal === "function") d.showModal();
    else d.setAttribute("open", "");
  };
  const close = () => {
    const d = dialog.current;
    if (!d) return;
    if (typeof d.close === "function") d.close();
    else {
      d.removeAttribute("open");
      trigger.current?.focus();
    }
  };
  // A click whose target is the dialog itself landed on the backdrop (the content fills the box).
  const onDialogClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) close();
  };

  return (
    <>
      <button ref={trigger} type="button" className={variant === "link" ? styles.linkButton : styles.disclaimerButton} aria-haspopup="dialog" onClick={open}>
        {buttonLabel}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={() => trigger.current?.focus()} onClick={onDialogClick}>
        <div className={styles.dialogBody}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {title}
          </h2>
          {children}
          <button type="button" className={styles.closeButton} onClick={close}>
            Close
          </button>
        </div>
      </dialog>
    </>
  );
}
