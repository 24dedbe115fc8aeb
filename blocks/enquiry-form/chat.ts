/**
 * Opens the site's chat bot ('Instant Message'). The chat script itself is loaded by the site's
 * scripts; this announces the request (a `dealer:open-chat` window event any integration can
 * listen to) and calls the known widgets' open functions when they are present.
 */
export function openChat(chat: { provider: string; id?: string }): boolean {
  if (typeof window === "undefined") return false;
  const w = window as unknown as Record<string, unknown>;
  let opened = false;
  try {
    window.dispatchEvent(new CustomEvent("dealer:open-chat", { detail: { provider: chat.provider, id: chat.id } }));
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
