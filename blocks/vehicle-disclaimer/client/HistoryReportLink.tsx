"use client";

import type { ReactNode } from "react";
import { trackEvent } from "@/runtime/analytics";

/** A plain link to the report (works before JavaScript); a click also sends event 60 (history report). */
export function HistoryReportLink({
  href,
  carId,
  sink,
  className,
  children,
}: {
  href: string;
  carId: number;
  sink?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      className={className}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="history-report"
      onClick={() => trackEvent("historyReport", { car_id: carId }, sink)}
    >
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
