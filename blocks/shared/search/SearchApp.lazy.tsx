"use client";
// The search app stays the server's static markup until the shopper scrolls or touches it
// (hydrateLater "scroll"): its chunk (instantsearch, ~76 KiB) and the hydration of the cards and
// filters (most of the page's Total Blocking Time) leave the page load. The static markup already
// works (links, the GET form and the pre-hydration script in form.ts), so a filter clicked while the
// app is static navigates at once (nativeForms) rather than waiting for the code, which on a slow
// phone took 10 to 20 s; other buttons' clicks are held and replayed once live (see hydrate-later).
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";

export const SearchApp = hydrateLater(() => import("./SearchApp").then((m) => m.SearchApp), "scroll", { nativeForms: true });
