"use client";
import { useId, type MouseEvent } from "react";
import { ToastHost } from "@/blocks/shared/toast/ToastHost";
import { COPIED_TOAST_MS, showToast } from "@/blocks/shared/toast/toast-store";
import { popupFeatures, type ShareLink } from "@/blocks/vehicle-sidebar/domain/share";
import styles from "../vehicle-sidebar.module.css";

const ICONS: Record<string, string> = {
  facebook: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.5V10H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z",
  twitter: "M4 4l7 9-7 7h2l6-6 5 6h4l-7-9 6-7h-2l-5 6-4-6z",
  whatsapp:
    "M12 3a9 9 0 00-7.8 13.5L3 21l4.6-1.2A9 9 0 1012 3zm4.6 12.6c-.2.6-1.2 1.1-1.7 1.2-.5 0-1 .2-3.2-.7a10 10 0 01-4-3.5c-.3-.5-1-1.5-1-2.8s.7-2 1-2.3c.2-.3.5-.3.7-.3h.5c.2 0 .4 0 .6.5l.8 1.9c0 .2.1.3 0 .5l-.4.6-.3.4c-.1.1-.2.3 0 .5a7.6 7.6 0 003.6 3.1c.2.1.4.1.5 0l.8-.9c.2-.2.3-.2.5-.1l1.8.9c.3.1.4.2.5.3 0 .1 0 .7-.2 1.2z",
  email: "M3 5h18v14H3zm2 2v.5l7 4.5 7-4.5V7zm0 3v7h14v-7l-7 4.5z",
  sms: "M4 4h16v12H7l-3 3zm4 5v2h2V9zm3 0v2h2V9zm3 0v2h2V9z",
  copy: "M8 3h11v13h-2V5H8zM5 7h10v14H5z",
};

function Icon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

/**
 * Facebook, optional Twitter, WhatsApp, e-mail, SMS (popups 550 x 400 where the network has a web
 * page) and copy link, which says "Copied" in the page's one toast for 3 seconds (replacing any
 * other toast: one shows at a time).
 */
export function ShareBar({ links, url }: { links: ShareLink[]; url: string }) {
  const owner = useId();
  const open = (event: MouseEvent<HTMLAnchorElement>, link: ShareLink) => {
    if (!link.popup) return;
    const w = window.open(
      link.href,
      "share",
      popupFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight }),
    );
    // A refused popup (null) lets the link open in a new tab instead.
    if (w) {
      w.opener = null;
      event.preventDefault();
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      const input = document.createElement("textarea");
      input.value = url;
      document.body.appendChild(input);
      input.select();
      document.execCommand?.("copy");
      input.remove();
    }
    showToast(owner, "Copied", { ms: COPIED_TOAST_MS });
  };
  return (
    <div className={styles.share} role="group" aria-label="Share this vehicle" id="share">
      {links.map((link) => (
        <a
          key={link.network}
          className={styles.shareLink}
          href={link.href}
          aria-label={link.label}
          target={link.popup ? "_blank" : undefined}
          rel={link.popup ? "noopener noreferrer" : undefined}
          onClick={(e) => open(e, link)}
        >
          <Icon name={link.network} />
        </a>
      ))}
      <button type="button" className={styles.shareLink} onClick={copy} aria-label="Copy link">
        <Icon name="copy" />
      </button>
      <ToastHost owner={owner} testId="share-toast" />
    </div>
  );
}
