"use client";
import { useId, useState, useSyncExternalStore } from "react";
import { ready, serverSnapshot, setSaved, snapshot, subscribe } from "./account-store";
import { ToastHost } from "@/blocks/shared/toast/ToastHost";
import { showToast } from "@/blocks/shared/toast/toast-store";
import { trackEvent } from "@/runtime/analytics";
import styles from "../accounts.module.css";

export const WATCHLIST_PATH = "/watchlist";

/** The sign-in route for the watchlist, coming back to this page. */
function signInForWatchlist(): string {
  const here = window.location.pathname + window.location.search;
  return `/sign-in?${new URLSearchParams({ type: "watchlist", redirect: here, back: here }).toString()}`;
}

/**
 * Save to / remove from the watchlist: the list changes at once, then the server is
 * called; a toast with 'View List' and the save analytics event on success, an alert with the
 * message on failure (and the change undone). A signed-out shopper, or one with no mobile on the profile, goes to sign-in for
 * the watchlist. A sold car not already saved shows no button.
 */
export function WatchlistButton({
  carId,
  sold,
  label,
  savedLabel,
  title,
  className,
  sink,
}: {
  carId: number;
  sold: boolean;
  label: string;
  savedLabel: string;
  /** The car's title, for the button's accessible name on a list of cards. */
  title?: string;
  className?: string;
  /** The dealer's analytics sink (runtime/analytics.ts). */
  sink?: string;
}) {
  const owner = useId();
  const account = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const [busy, setBusy] = useState(false);
  const id = String(carId);
  const saved = account.watchlist.has(id);
  if (sold && !saved) return null;
  const toggle = async () => {
    if (busy) return;
    await ready(); // a click before the account state arrived waits for it
    const me = snapshot();
    if (!me.signedIn || !me.phone) {
      window.location.assign(signInForWatchlist());
      return;
    }
    const save = !me.watchlist.has(id);
    setSaved(id, save);
    setBusy(true);
    try {
      const res = await fetch(`/api/watchlist/${save ? "save-car" : "remove-car"}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ phone_number: me.phone, car_id: carId }),
      });
      const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string };
      if (!body.success) throw new Error(body.message ?? "Your watchlist could not be updated. Please try again.");
      showToast(owner, save ? "Car Saved In Watchlist" : "Car Removed", { link: { href: WATCHLIST_PATH, label: "View List" } });
      trackEvent("save", { car_id: carId, saved: save }, sink);
    } catch (e) {
      setSaved(id, !save);
      window.alert(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={className}
        aria-pressed={saved}
        aria-busy={busy || undefined}
        onClick={toggle}
        data-watchlist={id}
        data-ready={account.loaded || undefined}
      >
        {saved ? savedLabel : label}
        {title ? <span className="visually-hidden"> {title}</span> : null}
      </button>
      <ToastHost owner={owner} testId="watchlist-toast" />
    </>
  );
}
