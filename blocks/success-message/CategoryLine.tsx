"use client";
import { useEffect, useState } from "react";
import { lineForCategory, SUCCESS_CATEGORY_KEY } from "./category-line";

/**
 * One line tailored to the form that was sent, read from the browser after hydration (space
 * reserved by CSS); or, after a plain form post (before JavaScript), the server's line for the
 * category the post's redirect names, which then stands.
 */
export function CategoryLine({ className, initial = null }: { className: string; initial?: string | null }) {
  const [line, setLine] = useState<string | null>(initial);
  useEffect(() => {
    if (initial) return;
    try {
      setLine(lineForCategory(window.localStorage.getItem(SUCCESS_CATEGORY_KEY)));
    } catch {
      // storage blocked: the generic message stands alone
    }
  }, [initial]);
  return <p className={className}>{line}</p>;
}
