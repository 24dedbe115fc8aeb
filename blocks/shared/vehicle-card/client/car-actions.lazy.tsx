"use client";
// Through next/dynamic, as the convention for client parts of server components says. Imported
// directly by the similar cars, the model's stock and the vehicle sidebar, these parts (with the
// favourites, compare and account stores and the finance rules behind the requested quote) joined
// the chunk every page of the one dealer route loads, the search and home pages included.
import dynamic from "next/dynamic";

export const FavouriteToggle = dynamic(() => import("./car-actions").then((m) => m.FavouriteToggle));
export const CompareToggle = dynamic(() => import("./car-actions").then((m) => m.CompareToggle));
export const WatchlistButton = dynamic(() => import("./car-actions").then((m) => m.WatchlistButton));
export const RequestedQuote = dynamic(() => import("./car-actions").then((m) => m.RequestedQuote));
