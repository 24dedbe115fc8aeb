"use client";

import { useState } from "react";
import type { FormConfig } from "@/blocks/shared/forms/config";
import { EnquiryDialog } from "@/blocks/shared/forms/dialogs/dialogs";
import forms from "@/blocks/shared/forms/forms.module.css";
import { ChatButton } from "./ChatButton";
import styles from "./enquiry-form.module.css";

/**
 * The '{Enquire} Now' button opening the enquiry dialog, with the 'Instant Message' chat action
 * where the site has a chat bot. When no chat opens (no chat script on the page), the chat action
 * opens the same enquiry dialog. Before JavaScript both are links to `fallbackHref`.
 */
export function EnquiryLauncher({ config, showExtras, fallbackHref }: { config: FormConfig; showExtras?: boolean; fallbackHref: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.launcher}>
      {config.chat ? <ChatButton chat={config.chat} fallbackHref={fallbackHref} onFallback={() => setOpen(true)} /> : null}
      {/* A link until the code arrives (the page's scripts load after its first paint): it goes to the
          enquiry form (the contact page's) as the chat action's does; once live it opens the dialog. */}
      <a
        href={fallbackHref}
        className={`button ${forms.trigger} ${config.chat ? "button--outline" : ""}`}
        aria-haspopup="dialog"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
      >
        {config.buttonText}
      </a>
      <EnquiryDialog config={config} showExtras={showExtras} open={open} onOpenChange={setOpen} />
    </div>
  );
}
