/** Which way a carousel can still scroll: its previous/next buttons are enabled accordingly. */
export interface ScrollState {
  prev: boolean;
  next: boolean;
}

/**
 * Where keyboard focus should go when the scroll state changes: a focused button that is about to be
 * disabled loses focus to the document body, so focus moves to the other button while it is enabled.
 * Null when focus can stay where it is (or nothing better is enabled).
 */
export function focusAfterUpdate(focused: "prev" | "next" | null, state: ScrollState): "prev" | "next" | null {
  if (focused === "next" && !state.next && state.prev) return "prev";
  if (focused === "prev" && !state.prev && state.next) return "next";
  return null;
}
