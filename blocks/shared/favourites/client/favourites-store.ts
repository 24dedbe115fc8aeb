"use client";
/**
 * The page's favourites, one store for every card and vehicle page control (so they agree), read
 * from localStorage in the one format (old shapes migrated and written back) and kept in step with
 * other tabs. For a signed-in shopper the list also lives on the account: the first page after
 * signing in sends the whole local list (favourites made before sign-in join the account) and
 * takes the account's list back; each toggle then sends its change. The account takes only this
 * dealer's cars (checked against the dealer's stock): a car it refuses is dropped here too.
 */
import { ready, snapshot as accountSnapshot } from "@/blocks/shared/accounts/client/account-store";
import { FAVOURITES_KEY, parseFavourites, refreshDetails, toggleFavourite, type Favourite } from "../domain/favourites";

const EMPTY: Favourite[] = [];
let list: Favourite[] | null = null;
let synced = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function load(): Favourite[] {
  try {
    const raw = window.localStorage.getItem(FAVOURITES_KEY);
    const parsed = parseFavourites(raw);
    if (raw !== null && raw !== JSON.stringify(parsed)) window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(parsed));
    return parsed;
  } catch {
    return [];
  }
}

function write(next: Favourite[]) {
  list = next;
  try {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
  } catch (e) {
    console.warn(`[favourites] not saved in this browser: ${e instanceof Error ? e.message : String(e)}`);
  }
  emit();
}

/** The account's answer: its list, or the cars it refused as not this dealer's; null when it could not be reached. */
type Answer = { favourites: Favourite[] } | { notDealerCars: number[] } | null;

async function send(add: Favourite[], remove: number[]): Promise<Answer> {
  try {
    const res = await fetch("/api/account/favourites", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ add, remove }),
    });
    const body = (await res.json().catch(() => null)) as { favourites?: unknown; notDealerCars?: unknown } | null;
    if (res.status === 400 && Array.isArray(body?.notDealerCars))
      return { notDealerCars: body.notDealerCars.filter((id): id is number => typeof id === "number") };
    if (!res.ok || !body) return null;
    return { favourites: parseFavourites(JSON.stringify(body.favourites)) };
  } catch (e) {
    console.warn(`[favourites] account not updated: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/** Drops the cars the dealer's stock does not know (the account refused them): the list holds this dealer's cars only. */
function forget(answer: Answer): boolean {
  if (!answer || !("notDealerCars" in answer)) return false;
  const current = list ?? load();
  const next = current.filter((f) => !answer.notDealerCars.includes(f.id));
  if (next.length !== current.length) write(next);
  return true;
}

function syncWithAccount() {
  if (synced) return;
  synced = true;
  void ready().then(async () => {
    if (!accountSnapshot().signedIn) return;
    let answer = await send(list ?? [], []);
    // Once more without the refused cars, so the rest of the list still joins the account.
    if (forget(answer)) answer = await send(list ?? [], []);
    if (answer && "favourites" in answer) write(answer.favourites);
  });
}

export function subscribeFavourites(listener: () => void): () => void {
  if (list === null) {
    list = load();
    window.addEventListener("storage", (e) => {
      if (e.key === FAVOURITES_KEY) {
        list = load();
        emit();
      }
    });
  }
  listeners.add(listener);
  syncWithAccount();
  return () => listeners.delete(listener);
}

export const favouritesSnapshot = () => list ?? EMPTY;
export const favouritesServerSnapshot = () => EMPTY;

/** Toggles a car; returns whether it is now saved. */
export function toggle(car: Favourite): boolean {
  const result = toggleFavourite(list ?? load(), car);
  write(result.list);
  if (accountSnapshot().signedIn) void send(result.saved ? result.list.filter((f) => f.id === car.id) : [], result.saved ? [] : [car.id]).then(forget);
  return result.saved;
}

/** Fills in the details a migrated entry lacks, from the car being shown. */
export function refresh(car: Favourite) {
  const current = list ?? load();
  const next = refreshDetails(current, car);
  if (next !== current) write(next);
}
