"use client";
import { useId, useState, type ReactNode } from "react";
import styles from "../vehicle-page.module.css";

/** Shows `children`, keeps `more` hidden until the button is pressed ('Show All Specs' / 'Hide Specs' and the like). */
export function Expandable({ children, more, moreLabel, lessLabel }: { children: ReactNode; more: ReactNode; moreLabel: string; lessLabel: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      {children}
      <div id={id} hidden={!open}>
        {more}
      </div>
      <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? lessLabel : moreLabel}
      </button>
    </>
  );
}
