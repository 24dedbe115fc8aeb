/**
 * The kinds of /sign-in?type={kind}, plus 'watchlist', each with the heading the sign-in page shows.
 */
export const SIGN_IN_KINDS = {
  "trade-in": "Sign in to value your trade-in",
  checkout: "Sign in to reserve this car",
  finance: "Sign in for finance",
  "spin-to-win": "Sign in to spin to win",
  "online-payment": "Sign in to make a payment",
  "car-finance": "Sign in for personalised finance",
  "my-garage": "Sign in to your garage",
  watchlist: "Sign in to save cars to your watchlist",
} as const;

export type SignInKind = keyof typeof SIGN_IN_KINDS;

export function isSignInKind(value: unknown): value is SignInKind {
  return typeof value === "string" && Object.hasOwn(SIGN_IN_KINDS, value);
}

/** The sign-in URL for a kind, coming back to `redirect` after, and to `back` when the shopper gives up. */
export function signInHref(kind: SignInKind, redirect: string, back = redirect): string {
  const q = new URLSearchParams({ type: kind, redirect, back });
  return `/sign-in?${q.toString()}`;
}
