/** Test fixtures for the reservation tests: a car and a dealer that takes reservations. */
import type { Car, DealerManifest } from "../generated/types";

export function reservationCar(over: Partial<Car> = {}): Car {
  return {
    objectID: "9001",
    id: 9001,
    slug: "2023-chery-omoda-5-bx-s9001",
    name: "2023 Chery Omoda 5 BX",
    year: 2023,
    make: "Chery",
    model: "Omoda 5",
    badge: "BX",
    car_type: "used",
    status: "in_stock",
    item_type: "car",
    price: 29990,
    stocknum: "S9001",
    created_at: "2026-11-01T00:00:00Z",
    created_at_timestamp: 1793491200,
    photos_count: 10,
    images: [],
    location_id: 10,
    dealership_id: 1,
    dealership_slug: "test-dealer",
    show_on_dealer_website: true,
    custom_rank: 1,
    ...over,
  } as Car;
}

export function reservationManifest(over: Partial<DealerManifest> = {}): DealerManifest {
  return {
    slug: "test-dealer",
    name: "Test Dealer",
    dealerships: [{ id: 1, slug: "test-dealer", name: "Test Dealer" }],
    features: { reserve: true },
    reservations: { depositDollars: 200, holdHours: 48, gateway: "test" },
    ...over,
  } as unknown as DealerManifest;
}

export const CONTACT = { name: "Alex", last_name: "Shopper", email: "alex@example.com", phone: "0412345678" };
