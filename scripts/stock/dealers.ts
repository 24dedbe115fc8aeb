/**
 * The sample dealers whose demo stock the generator writes (ids and slugs match the sample
 * manifests), plus one foreign dealership (999 rival-motors) so isolation tests have stock
 * that must never leak into a sample site.
 */
import type { ItemType, State as AuState } from "../../runtime/generated/types";

export interface StockLocation {
  id: number;
  name: string;
  slug: string;
  street: string;
  city: string;
  state: AuState;
  postcode: string;
  lat: number;
  long: number;
  phone: string;
  primary: boolean;
}

export type StockMix =
  | { kind: "franchise"; makes: string[]; newShare: number; demoShare: number }
  | { kind: "used-cars" }
  | { kind: "motorcycles" }
  | { kind: "trucks" }
  | { kind: "caravans" };

export interface StockDealership {
  id: number;
  slug: string;
  name: string;
  /** Share of the total stock count. */
  weight: number;
  itemType: ItemType;
  mix: StockMix;
  stockPrefix: string;
  locations: StockLocation[];
}

export interface StockSite {
  /** Site slug; also the stock file name (`<slug>.json`). */
  slug: string;
  name: string;
  website: { id: number; name: string; url: string };
  /** False for the foreign dealership used by isolation tests. */
  sample: boolean;
  dealerships: StockDealership[];
}

const loc = (
  id: number,
  name: string,
  slug: string,
  street: string,
  city: string,
  state: AuState,
  postcode: string,
  lat: number,
  long: number,
  phone: string,
  primary = false,
): StockLocation => ({ id, name, slug, street, city, state, postcode, lat, long, phone, primary });

export const STOCK_SITES: StockSite[] = [
  {
    slug: "sunshine-chery",
    name: "Sunshine Chery",
    website: { id: 10, name: "Sunshine Chery", url: "https://www.sunshine-chery.example.com.au" },
    sample: true,
    dealerships: [
      {
        id: 101,
        slug: "sunshine-chery",
        name: "Sunshine Chery",
        weight: 0.19,
        itemType: "car",
        mix: { kind: "franchise", makes: ["Chery"], newShare: 0.5, demoShare: 0.12 },
        stockPrefix: "SC",
        locations: [
          loc(1011, "Sunshine Chery Springwood", "springwood", "3356 Pacific Highway", "Springwood", "QLD", "4127", -27.6135, 153.1296, "07 3290 4100", true),
        ],
      },
    ],
  },
  {
    slug: "harbour-motor-group",
    name: "Harbour Motor Group",
    website: { id: 20, name: "Harbour Motor Group", url: "https://www.harbour-motor-group.example.com.au" },
    sample: true,
    dealerships: [
      {
        id: 201,
        slug: "harbour-toyota",
        name: "Harbour Toyota",
        weight: 0.13,
        itemType: "car",
        mix: { kind: "franchise", makes: ["Toyota"], newShare: 0.45, demoShare: 0.08 },
        stockPrefix: "HT",
        locations: [
          loc(2011, "Harbour Toyota Parramatta", "parramatta", "47 Church Street", "Parramatta", "NSW", "2150", -33.8236, 151.0017, "02 9630 2000", true),
        ],
      },
      {
        id: 202,
        slug: "harbour-mazda",
        name: "Harbour Mazda",
        weight: 0.1,
        itemType: "car",
        mix: { kind: "franchise", makes: ["Mazda"], newShare: 0.45, demoShare: 0.1 },
        stockPrefix: "HM",
        locations: [loc(2021, "Harbour Mazda Artarmon", "artarmon", "520 Pacific Highway", "Artarmon", "NSW", "2064", -33.8121, 151.1837, "02 9439 3300")],
      },
      {
        id: 203,
        slug: "harbour-hyundai-kia",
        name: "Harbour Hyundai Kia",
        weight: 0.14,
        itemType: "car",
        mix: { kind: "franchise", makes: ["Hyundai", "Kia"], newShare: 0.45, demoShare: 0.1 },
        stockPrefix: "HK",
        locations: [
          loc(2031, "Harbour Hyundai Kia Liverpool", "liverpool", "300 Hume Highway", "Liverpool", "NSW", "2170", -33.9152, 150.9222, "02 9601 5500"),
          loc(2032, "Harbour Hyundai Kia Penrith", "penrith", "101 Mulgoa Road", "Penrith", "NSW", "2750", -33.7571, 150.6852, "02 4721 6600"),
        ],
      },
    ],
  },
  {
    slug: "twg-group",
    name: "TWG Group",
    website: { id: 30, name: "TWG Group", url: "https://www.twg-group.example.com.au" },
    sample: true,
    dealerships: [
      {
        id: 301,
        slug: "twg-cars-brisbane",
        name: "TWG Cars Brisbane",
        weight: 0.17,
        itemType: "car",
        mix: { kind: "used-cars" },
        stockPrefix: "TC",
        locations: [
          loc(3011, "TWG Eagle Farm", "eagle-farm", "1120 Kingsford Smith Drive", "Eagle Farm", "QLD", "4009", -27.4318, 153.0862, "07 3268 9000", true),
        ],
      },
      {
        id: 302,
        slug: "twg-motorcycles",
        name: "TWG Motorcycles",
        weight: 0.08,
        itemType: "motorcycle",
        mix: { kind: "motorcycles" },
        stockPrefix: "TM",
        locations: [loc(3021, "TWG Motorcycles Capalaba", "capalaba", "45 Redland Bay Road", "Capalaba", "QLD", "4157", -27.5292, 153.1949, "07 3390 7100")],
      },
      {
        id: 303,
        slug: "twg-trucks",
        name: "TWG Trucks",
        weight: 0.05,
        itemType: "truck",
        mix: { kind: "trucks" },
        stockPrefix: "TT",
        locations: [loc(3031, "TWG Trucks Rocklea", "rocklea", "1500 Ipswich Road", "Rocklea", "QLD", "4106", -27.5437, 153.0104, "07 3277 8800")],
      },
    ],
  },
  {
    slug: "outback-caravans",
    name: "Outback Caravans",
    website: { id: 40, name: "Outback Caravans", url: "https://www.outback-caravans.example.com.au" },
    sample: true,
    dealerships: [
      {
        id: 401,
        slug: "outback-caravans",
        name: "Outback Caravans",
        weight: 0.08,
        itemType: "caravan",
        mix: { kind: "caravans" },
        stockPrefix: "OC",
        locations: [
          loc(4011, "Outback Caravans Toowoomba", "toowoomba", "820 Ruthven Street", "Toowoomba", "QLD", "4350", -27.5828, 151.9536, "07 4636 2200", true),
        ],
      },
    ],
  },
  {
    slug: "rival-motors",
    name: "Rival Motors",
    website: { id: 99, name: "Rival Motors", url: "https://www.rival-motors.example.com.au" },
    sample: false,
    dealerships: [
      {
        id: 999,
        slug: "rival-motors",
        name: "Rival Motors",
        weight: 0.012,
        itemType: "car",
        mix: { kind: "used-cars" },
        stockPrefix: "RV",
        locations: [loc(9991, "Rival Motors Southport", "southport", "12 Nerang Street", "Southport", "QLD", "4215", -27.9676, 153.4026, "07 5591 0000", true)],
      },
    ],
  },
];

export function findSiteByDealershipId(id: number): StockSite | undefined {
  return STOCK_SITES.find((s) => s.dealerships.some((d) => d.id === id));
}
