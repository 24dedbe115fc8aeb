"use client";

import type { FormConfig } from "@/blocks/shared/forms/config";
import { EnquiryDialog } from "@/blocks/shared/forms/dialogs/dialogs";
import { openChat } from "./chat";
import styles from "./enquiry-form.module.css";

/** The '{Enquire} Now' button opening the enquiry dialog, with the 'Instant Message' chat action where the site has a chat bot. */
export function EnquiryLauncher({ config, showExtras }: { config: FormConfig; showExtras?: boolean }) {
  return (
    <div className={styles.launcher}>
      {config.chat ? <ChatButton chat={config.chat} /> : null}
      <EnquiryDialog config={config} showExtras={showExtras} triggerClassName={config.chat ? "button--outline" : undefined} />
    </div>
  );
}

export function ChatButton({ chat, className }: { chat: NonNullable<FormConfig["chat"]>; className?: string }) {
  return (
    <button type="button" className={`button ${className ?? ""}`} onClick={() => openChat(chat)} data-chat-provider={chat.provider}>
      {chat.label}
    </button>
  );
}
