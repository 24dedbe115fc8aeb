// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Favourite } from "../domain/favourites";

/**
 * The store keeps this dealer's cars only: for a signed-in shopper the account checks each car
 * against the dealer's stock, and a car it refuses is dropped from the browser's list too (the rest
 * of the list still joins the account). A picture from another site is never stored.
 */
const account = { signedIn: true };
vi.mock("@/blocks/shared/accounts/client/account-store", () => ({
  ready: () => Promise.resolve(),
  snapshot: () => account,
}));

const own: Favourite = {
  id: 11,
  name: "2022 Toyota RAV4",
  slug: "car-11",
  make: "Toyota",
  model: "RAV4",
  primary_image_url: "/api/images/vehicle/suv/blue/front-34.webp",
};
const foreign: Favourite = { ...own, id: 44, slug: "car-44" };

type Store = typeof import("./favourites-store");
let store: Store;
let posted: { add: Favourite[]; remove: number[] }[];

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** The account: refuses car 44 as another dealer's, keeps the rest. */
function accountApi() {
  const kept = new Map<number, Favourite>();
  return vi.fn(async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { add: Favourite[]; remove: number[] };
    posted.push(body);
    const refused = body.add.filter((f) => f.id === foreign.id).map((f) => f.id);
    if (refused.length) return answer(400, { message: "Only this dealer's cars can be saved to favourites.", status: 400, errors: [], notDealerCars: refused });
    for (const f of body.add) kept.set(f.id, f);
    for (const id of body.remove) kept.delete(id);
    return answer(200, { favourites: [...kept.values()] });
  });
}

const stored = () => JSON.parse(localStorage.getItem("favourites") ?? "[]") as Favourite[];
const settle = () => vi.waitFor(() => expect(posted.length).toBeGreaterThan(0));

beforeEach(async () => {
  vi.resetModules();
  localStorage.clear();
  posted = [];
  account.signedIn = true;
  vi.stubGlobal("fetch", accountApi());
  store = await import("./favourites-store");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("favourites store: this dealer's cars only", () => {
  it("on signing in, drops a car the account refuses as another dealer's and sends the rest again", async () => {
    localStorage.setItem("favourites", JSON.stringify([own, foreign]));
    const unsubscribe = store.subscribeFavourites(() => {});
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.add.map((f) => f.id)).toEqual([own.id]);
    await vi.waitFor(() => expect(stored().map((f) => f.id)).toEqual([own.id]));
    expect(store.favouritesSnapshot().map((f) => f.id)).toEqual([own.id]);
    unsubscribe();
  });

  it("a car saved on a page that the account refuses is not kept", async () => {
    const unsubscribe = store.subscribeFavourites(() => {});
    await settle();
    expect(store.toggle(foreign)).toBe(true);
    await vi.waitFor(() => expect(stored()).toEqual([]));
    expect(store.favouritesSnapshot()).toEqual([]);
    unsubscribe();
  });

  it("a page's car with a picture from another site is saved without the picture", async () => {
    account.signedIn = false;
    const unsubscribe = store.subscribeFavourites(() => {});
    store.toggle({ ...own, primary_image_url: "//evil.example/x.jpg" });
    expect(stored()).toEqual([{ ...own, primary_image_url: null }]);
    unsubscribe();
  });

  it("a stored picture from another site is dropped when the list is read", () => {
    account.signedIn = false;
    localStorage.setItem("favourites", JSON.stringify([{ ...own, primary_image_url: "https://evil.example/x.jpg" }]));
    const unsubscribe = store.subscribeFavourites(() => {});
    expect(store.favouritesSnapshot()).toEqual([{ ...own, primary_image_url: null }]);
    expect(stored()).toEqual([{ ...own, primary_image_url: null }]);
    unsubscribe();
  });
});
