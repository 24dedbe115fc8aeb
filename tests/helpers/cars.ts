import { requestWithHost } from "./http";

/** The fields of a search hit the browser tests read; any other field of the car record may be asked for by type. */
export interface CarHit {
  id: number;
  slug: string;
  car_type: string;
  status: string;
  make: string;
  model: string;
  price: number;
  location_id: number;
  spin_images?: string[];
  /** True while a shopper's reservation holds the car (the reservations overlay). */
  reserved?: boolean;
}

/**
 * Cars of a dealer through its own search API on the test server, so the dealer's base filter applies
 * (another dealer's cars never come back). `filters` is the search protocol's filter string.
 */
export async function findCars(port: number, site: string, filters: string, hitsPerPage = 5, page = 0): Promise<CarHit[]> {
  const params = new URLSearchParams({ filters, hitsPerPage: String(hitsPerPage), page: String(page) }).toString();
  // A search query only reads: it may be sent again after a stale keep-alive socket.
  const res = await requestWithHost(port, `${site}.localhost`, {
    method: "POST",
    path: "/api/search/1/indexes/Car_production/query",
    headers: { "content-type": "text/plain" },
    body: JSON.stringify({ params }),
    idempotent: true,
  });
  if (res.status !== 200) throw new Error(`search for ${site} (${filters}) answered ${res.status}: ${res.body.slice(0, 200)}`);
  return (JSON.parse(res.body).hits ?? []) as CarHit[];
}
