/**
 * Cache tags of data cached per dealer and per car (Next's data cache). A page rendered from
 * tagged data carries the same tags, so expiring a tag expires the data and the pages built on it.
 */
export const dealerTag = (dealerSlug: string) => `dealer:${dealerSlug}`;
export const carTag = (dealerSlug: string, carSlug: string) => `car:${dealerSlug}:${carSlug}`;
