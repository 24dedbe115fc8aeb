"use client";

import type { MouseEvent } from "react";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { firstFieldIn, openChat } from "./chat";

/**
 * The chat action: opens the chat when one is on the page. Otherwise it does what its link says:
 * `fallbackHref` is the enquiry form (an in-page `#id`, whose first field takes focus, or the
 * contact page); `onFallback` (the launcher's dialog) replaces the link once JavaScript runs.
 * A module of its own, apart from the launcher: the launcher's dialog brings the lead form's code,
 * which a page with the chat action beside an inline form should not load with the page.
 */
export function ChatButton({
  chat,
  className,
  fallbackHref,
  onFallback,
}: {
  chat: NonNullable<FormConfig["chat"]>;
  className?: string;
  fallbackHref: string;
  onFallback?: () => void;
}) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (openChat(chat)) return e.preventDefault();
    if (onFallback) {
      e.preventDefault();
      onFallback();
      return;
    }
    const field = fallbackHref.startsWith("#") ? firstFieldIn(fallbackHref.slice(1)) : null;
    if (field) {
      e.preventDefault();
      field.focus();
    }
  };
  return (
    <a href={fallbackHref} className={`button ${className ?? ""}`} onClick={onClick} data-chat-provider={chat.provider}>
      {chat.label}
    </a>
  );
}
