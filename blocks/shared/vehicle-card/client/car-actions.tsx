"use client";
// A car's client parts, shared by the vehicle cards and the vehicle page's sidebar: save, compare,
// watch, and the quote fetched for a car the feed has none for. Server modules take them through
// car-actions.lazy.tsx; the search app's cards (a client tree) take them from here.
export { FavouriteToggle } from "@/blocks/shared/favourites/client/FavouriteToggle";
export { CompareToggle } from "@/blocks/shared/compare/client/CompareToggle";
export { WatchlistButton } from "@/blocks/shared/accounts/client/WatchlistButton";
export { RequestedQuote } from "@/blocks/shared/finance/client/RequestedQuote";
