"use client";
import { useEffect } from "react";

/** On the printable page: opens the print dialog once the page has loaded, and offers a button to do it again. */
export function PrintNow({ auto }: { auto: boolean }) {
  useEffect(() => {
    if (!auto) return;
    const t = setTimeout(() => window.print(), 600);
    return () => clearTimeout(t);
  }, [auto]);
  return (
    <button type="button" className="button print-hide" onClick={() => window.print()}>
      Print this page
    </button>
  );
}
