import type { ComponentProps, ComponentType } from "react";
import type * as Eager from "./client/car-actions";
import { CompareToggle, FavouriteToggle, RequestedQuote, WatchlistButton } from "./client/car-actions.lazy";

/**
 * The client parts a vehicle card renders, handed in by where the card is drawn: a server
 * component passes `serverCarActions` (code split, loaded only by pages that show cards); the
 * search app, a client tree, passes the eager modules, so cards it re-renders after a refinement
 * never wait for a chunk (a dynamic part would vanish for a moment while its code loads).
 */
export interface CarActions {
  FavouriteToggle: ComponentType<ComponentProps<typeof Eager.FavouriteToggle>>;
  CompareToggle: ComponentType<ComponentProps<typeof Eager.CompareToggle>>;
  WatchlistButton: ComponentType<ComponentProps<typeof Eager.WatchlistButton>>;
  RequestedQuote: ComponentType<ComponentProps<typeof Eager.RequestedQuote>>;
}

export const serverCarActions: CarActions = { FavouriteToggle, CompareToggle, WatchlistButton, RequestedQuote };
