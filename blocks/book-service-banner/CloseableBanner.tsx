"use client";
import { useEffect, useState, type ReactNode } from "react";

export const CLOSED_KEY = "bookServiceBannerClosed";

function readClosed(): boolean {
  try {
    return window.sessionStorage.getItem(CLOSED_KEY) === "1";
  } catch {
    return false; // storage blocked: the banner simply shows
  }
}

/**
 * The banner's frame and Close button. It renders visible on the server (no shift for the
 * usual first visit); a banner closed earlier in this browser session is removed after
 * hydration. Closing moves focus to the main content so keyboard users are not lost.
 */
export function CloseableBanner({
  label,
  className,
  closeClassName,
  children,
}: {
  label: string;
  className: string;
  closeClassName: string;
  children: ReactNode;
}) {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (readClosed()) setClosed(true);
  }, []);
  if (closed) return null;
  const close = () => {
    try {
      window.sessionStorage.setItem(CLOSED_KEY, "1");
    } catch {
      // storage blocked: closes for this page view only
    }
    setClosed(true);
    document.getElementById("main")?.focus({ preventScroll: true });
  };
  return (
    <section aria-label={label} className={className}>
      {children}
      <button type="button" className={closeClassName} onClick={close}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Close</span>
      </button>
    </section>
  );
}
