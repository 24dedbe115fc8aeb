"use client";
import type { MouseEvent, ReactNode } from "react";
import { hasLeadDialogHost, openLeadDialog, preloadLeadDialogs, type LeadDialogKind } from "./lead-dialog-store";

/**
 * A call-to-action that opens one of the vehicle page's lead dialogs. It is a real link (to the
 * contact or test-drive page), so it works without JS (or without a dialog host on the page) and
 * opens in a new tab on a modified click.
 */
export function LeadDialogLink({
  kind,
  href,
  className,
  children,
  testId,
}: {
  kind: LeadDialogKind;
  href: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !hasLeadDialogHost()) return;
    e.preventDefault();
    openLeadDialog(kind, href);
  };
  return (
    <a
      href={href}
      className={className}
      aria-haspopup="dialog"
      data-dialog={kind}
      data-testid={testId}
      onClick={onClick}
      onPointerEnter={preloadLeadDialogs}
      onFocus={preloadLeadDialogs}
    >
      {children}
    </a>
  );
}
