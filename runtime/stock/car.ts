/**
 * TypeScript shape of a stock record, mirroring schemas/entities/car.schema.json.
 * (Hand-written for now; the integrator's schema-to-TypeScript step can replace it.)
 */

export type CarType = "new" | "used" | "demo";
export type CarStatus = "in_stock" | "coming_soon" | "sold" | "unavailable";
export type ItemType = "car" | "motorcycle" | "truck" | "caravan";
export type SimpleFuel = "Electric" | "Hybrid" | "PHEV" | "Petrol" | "Diesel" | "LPG";
export type SimpleBody =
  | "4x4" | "bus" | "cabChassis" | "convertible" | "coupe" | "ev" | "hardtop" | "hatch" | "hatchback"
  | "motorhome" | "lightTruck" | "peopleMover" | "prestige" | "sedan" | "softtop" | "suv" | "ute"
  | "van" | "wagon" | "stationWagon" | "motorcycle" | "caravan";
export type Drive = "FWD" | "RWD" | "AWD" | "4WD" | "Chain" | "Belt" | "Shaft";
export type AuState = "QLD" | "NSW" | "VIC" | "TAS" | "SA" | "WA" | "NT" | "ACT";
export type PriceType = "DAP" | "EGC" | "ORC" | "POA";

export interface CarImage { image: { url: string; thumb?: { url: string } } }
export interface HotspotPosition { angle: number; x: number; y: number }
export interface Hotspot { id: string; title?: string; description: string; image_url?: string; positions: HotspotPosition[] }

export interface CarVariant {
  cylinders?: number;
  enginesize?: number;
  enginesize_litres?: number;
  induction?: "Aspirated" | "Turbo" | "Twin Turbo" | "Supercharged" | "Electric";
  geartype?: string;
  fuelconsumptioncombined?: number;
  fuelcapacity?: number;
  grossvehiclemass?: number;
  vehiclelength?: number;
  vehicleheight?: number;
  vehiclewidth?: number;
  towingcapacitybraked?: number;
  bodyconfiguration?: string;
  torque?: number;
  ancaprating?: number;
}

export interface CarLocation {
  id: number;
  name: string;
  phone?: string;
  slug: string;
  place_url?: string;
  address: { id?: number; street: string; city: string; state: AuState; postcode: string; lat?: number; long?: number };
  distribution_locations?: number[];
  location_type?: "" | "sales" | "service" | "parts" | "service-and-parts";
  dealership: { id: number; slug: string };
  website?: { id: number; name: string; url: string };
}

export interface Car {
  objectID: string;
  id: number;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge?: string;
  series?: string;
  path?: string;

  car_type: CarType;
  status: CarStatus;
  sold?: boolean;
  sold_date_timestamp?: number;
  tag?: string;
  tags?: string[];
  reserved?: boolean;
  certified?: boolean;
  item_type: ItemType;

  price: number;
  before_price?: number;
  subscription_price?: number;
  offer_price?: number;
  preorder?: boolean;
  price_type?: PriceType;
  youxQuote?: { weeklyRepaymentAmount: number; advertisedRate?: number; comparisonRate?: number };
  autograb_data?: {
    state_average_market_price?: number;
    average_market_price: number;
    market_range_min?: number;
    market_range_max?: number;
    confidence?: number;
    sample_size?: number;
  };

  km?: number;
  stocknum: string;
  vin?: string;
  nvic?: string;
  has_nvic?: boolean;
  regplate?: string;
  rego_expiry?: string;
  build_date?: string;
  compliance_date?: string;
  created_at: string;
  created_at_timestamp: number;
  colour?: string;
  interior_colour?: string;
  gearnum?: number;
  simple_transmission?: "Automatic" | "Manual";
  trans?: string;
  simple_body?: SimpleBody;
  body?: string;
  bodyconfiguration?: string;
  simple_fuel?: SimpleFuel;
  fuel?: string;
  drive?: Drive;
  seats?: number;
  doors?: number;
  engine_size?: number;
  engine_size_litres?: number;
  dealercomments?: string;
  standardEquipment?: string[];
  file?: string;

  photos_count: number;
  images: CarImage[];
  thumbnails?: string[];
  primary_image_url?: string;
  video_url?: string;
  external_video_url?: string;
  spin_images?: string[];
  spin_code?: string;
  spin_interior_image?: string;
  hotspots?: { exterior?: Hotspot[]; interior?: Hotspot[] };

  location_id: number;
  location_name?: string;
  city?: string;
  state?: AuState;
  dealership_id: number;
  dealership_slug: string;
  dealership_name?: string;
  private_suburb?: string;
  private_postcode?: string;
  views?: number;
  show_on_dealer_website: boolean;
  carsales_title?: string;
  location?: CarLocation;

  body_width?: number;
  body_length?: number;
  tare_weight?: number;
  axle_type?: "Single" | "Tandem" | "Triple";
  sleeps?: number;
  aggregate_trailer_mass?: number;

  variant?: CarVariant;

  custom_rank: number;
  _tags?: string[];
  make_model?: string;
  price_range?: string;
  weekly_price_range?: string;
  categories?: string[];
  filtered_features?: string[];
}
