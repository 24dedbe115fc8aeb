"use client";
import { useEffect, useState } from "react";
import { lineForCategory, SUCCESS_CATEGORY_KEY } from "./category-line";

/** One line tailored to the form that was sent, read from the browser after hydration (space reserved by CSS). */
export function CategoryLine({ className }: { className: string }) {
  const [line, setLine] = useState<string | null>(null);
  useEffect(() => {
    try {
      setLine(lineForCategory(window.localStorage.getItem(SUCCESS_CATEGORY_KEY)));
    } catch {
      // storage blocked: the generic message stands alone
    }
  }, []);
  return <p className={className}>{line}</p>;
}
