"use client";
/**
 * The shopper's account state in the browser, fetched once per page from /api/account/me (the
 * pages that show watchlist buttons are cached for every visitor, so they carry no account).
 * Every watchlist button on the page reads this one store, so saving on a card shows on the others.
 */
export interface AccountState {
  loaded: boolean;
  signedIn: boolean;
  phone: string | null;
  watchlist: ReadonlySet<string>;
}

let state: AccountState = { loaded: false, signedIn: false, phone: null, watchlist: new Set() };
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: Partial<AccountState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

/** Loads the account state once per page; resolves when it is known. */
export function ready(): Promise<void> {
  if (!loading) {
    loading = fetch("/api/account/me", { credentials: "same-origin", cache: "no-store" })
      .then((r) => (r.ok ? r.json() : { signedIn: false, phone: null, watchlist: [] }))
      .then((me: { signedIn: boolean; phone: string | null; watchlist: string[] }) =>
        set({ loaded: true, signedIn: me.signedIn, phone: me.phone, watchlist: new Set(me.watchlist) }),
      )
      .catch(() => set({ loaded: true }));
  }
  return loading;
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void ready();
  return () => listeners.delete(listener);
}

export const snapshot = () => state;
const SERVER_STATE: AccountState = { loaded: false, signedIn: false, phone: null, watchlist: new Set() };
export const serverSnapshot = () => SERVER_STATE;

export function setSaved(carId: string, saved: boolean) {
  const next = new Set(state.watchlist);
  if (saved) next.add(carId);
  else next.delete(carId);
  set({ watchlist: next });
}
