/**
 * Opens the site's chat bot ('Instant Message'). The chat script itself is loaded by the site's
 * scripts; this announces the request as a cancelable `dealer:open-chat` window event (an
 * integration that opens its chat calls `preventDefault()` to say so) and calls the known
 * widgets' open functions when they are present. True when a chat opened; false when no chat is
 * on the page (no script configured, blocked or not loaded yet), and the caller then offers the
 * enquiry form instead, so the action is never a dead button.
 */
export function openChat(chat: { provider: string; id?: string }): boolean {
  if (typeof window === "undefined") return false;
  const w = window as unknown as Record<string, unknown>;
  let opened = false;
  try {
    const claimed = !window.dispatchEvent(new CustomEvent("dealer:open-chat", { cancelable: true, detail: { provider: chat.provider, id: chat.id } }));
    if (claimed) opened = true;
    const live = w.LiveChatWidget as { call?: (m: string) => void } | undefined;
    if (typeof live?.call === "function") {
      live.call("maximize");
      opened = true;
    }
    const intercom = w.Intercom as ((cmd: string) => void) | undefined;
    if (typeof intercom === "function") {
      intercom("show");
      opened = true;
    }
  } catch (e) {
    console.warn(`[forms] chat could not be opened: ${e instanceof Error ? e.message : String(e)}`);
  }
  return opened;
}

/** The first field of the form under the element `id` (the inline enquiry form's section), or null. */
export function firstFieldIn(id: string): HTMLElement | null {
  return document.getElementById(id)?.querySelector<HTMLElement>("form input:not([type=hidden]):not([tabindex='-1']), form select, form textarea") ?? null;
}
