"use client";
import { useId, useState } from "react";
import styles from "@/blocks/shared/vehicle-page/vehicle-page.module.css";

/** Dealer comments: the first 400 characters, then 'Show more' / 'Show less'. Plain text only (React escapes it). */
export function CommentsText({ short, full }: { short: string; full: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <p id={id} className={styles.comments}>
        {open ? full : short}
      </p>
      <button type="button" className={styles.linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? "Show less" : "Show more"}
      </button>
    </>
  );
}
