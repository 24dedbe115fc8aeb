"use client";

import { useState, type MouseEvent } from "react";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { EnquiryDialog } from "@/blocks/shared/forms/dialogs/dialogs";
import forms from "@/blocks/shared/forms/forms.module.css";
import { firstFieldIn, openChat } from "./chat";
import styles from "./enquiry-form.module.css";

/**
 * The '{Enquire} Now' button opening the enquiry dialog, with the 'Instant Message' chat action
 * where the site has a chat bot. When no chat opens (no chat script on the page), the chat action
 * opens the same enquiry dialog; before JavaScript it is a link to `fallbackHref`.
 */
export function EnquiryLauncher({ config, showExtras, fallbackHref }: { config: FormConfig; showExtras?: boolean; fallbackHref: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.launcher}>
      {config.chat ? <ChatButton chat={config.chat} fallbackHref={fallbackHref} onFallback={() => setOpen(true)} /> : null}
      <button type="button" className={`button ${forms.trigger} ${config.chat ? "button--outline" : ""}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {config.buttonText}
      </button>
      <EnquiryDialog config={config} showExtras={showExtras} open={open} onOpenChange={setOpen} />
    </div>
  );
}

/**
 * The chat action: opens the chat when one is on the page. Otherwise it does what its link says:
 * `fallbackHref` is the enquiry form (an in-page `#id`, whose first field takes focus, or the
 * contact page); `onFallback` (the launcher's dialog) replaces the link once JavaScript runs.
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
