/** A complete test car (not exported from the package; tests only). */
import type { Car, CarLocation } from "@/runtime/stock/car";

export function testCar(over: Partial<Car> = {}): Car {
  return {
    objectID: "1",
    id: 1,
    slug: "2021-toyota-rav4-gx-abc123",
    name: "2021 Toyota RAV4 GX",
    year: 2021,
    make: "Toyota",
    model: "RAV4",
    badge: "GX",
    car_type: "used",
    status: "in_stock",
    item_type: "car",
    price: 32_990,
    km: 45_210,
    stocknum: "ST1001",
    vin: "JTMW43FV00D123456",
    created_at: "2026-11-01T00:00:00.000Z",
    created_at_timestamp: 1_793_491_200,
    colour: "White",
    simple_transmission: "Automatic",
    trans: "8 Speed Automatic",
    simple_body: "suv",
    body: "Wagon",
    simple_fuel: "Petrol",
    fuel: "Unleaded Petrol",
    drive: "AWD",
    seats: 5,
    doors: 5,
    photos_count: 3,
    images: [1, 2, 3].map((n) => ({
      image: { url: `/api/images/vehicle/suv/white/side.webp?w=640&q=75&v=${n}`, thumb: { url: `/api/images/vehicle/suv/white/side.webp?w=320&q=60&v=${n}` } },
    })),
    location_id: 11,
    city: "Springwood",
    dealership_id: 101,
    dealership_slug: "test-dealer",
    show_on_dealer_website: true,
    custom_rank: 1,
    ...over,
  };
}

/**
 * The location a stock record nests in the car (id 11, at Springwood), for tests that need it:
 * each one overrides only what it checks.
 */
export function testLocation(over: Partial<CarLocation> = {}): CarLocation {
  return {
    id: 11,
    name: "Test Motors Springwood",
    slug: "s",
    address: { street: "1 A St", city: "Springwood", state: "QLD", postcode: "4127" },
    dealership: { id: 101, slug: "t" },
    ...over,
  };
}
