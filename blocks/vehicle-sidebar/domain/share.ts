/** Share bar: Facebook, optionally Twitter, WhatsApp, e-mail, SMS and copy link; popups are 550 by 400. */
export const SHARE_POPUP = { width: 550, height: 400 } as const;

export type ShareNetwork = "facebook" | "twitter" | "whatsapp" | "email" | "sms";

export interface ShareLink {
  network: ShareNetwork;
  label: string;
  href: string;
  /** Opened in a 550 x 400 popup rather than followed. */
  popup: boolean;
}

export function shareLinks(url: string, title: string, opts: { twitter?: boolean } = {}): ShareLink[] {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(`${title} ${url}`);
  const links: ShareLink[] = [{ network: "facebook", label: "Share on Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, popup: true }];
  if (opts.twitter)
    links.push({
      network: "twitter",
      label: "Share on Twitter",
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
      popup: true,
    });
  links.push(
    { network: "whatsapp", label: "Share on WhatsApp", href: `https://wa.me/?text=${text}`, popup: true },
    { network: "email", label: "Share by e-mail", href: `mailto:?subject=${encodeURIComponent(title)}&body=${text}`, popup: false },
    { network: "sms", label: "Share by SMS", href: `sms:?&body=${text}`, popup: false },
  );
  return links;
}

/** window.open features for a popup centred on the current window. */
export function popupFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const left = Math.round(screen.left + (screen.width - SHARE_POPUP.width) / 2);
  const top = Math.round(screen.top + (screen.height - SHARE_POPUP.height) / 2);
  return `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top}`;
}
