/**
 * Australian-market model catalogue for the demo stock: makes, models, badges with a recent
 * new price (AUD), engine, transmission and drive. Prices are plausible list prices, not quotes.
 *
 * Badge spec: "Badge:price:engine:trans:drive[@firstYear]"
 *   engine  = fuel letter + litres [+ T|TT turbo] [/cylinders] ; P petrol, D diesel, H hybrid,
 *             X plug-in hybrid, L LPG; E + battery kWh for electric (E60 = 60 kWh)
 *   trans   = A<n> automatic, M<n> manual, DCT<n> dual clutch, AM<n> automated manual, CVT,
 *             R1 single-speed reduction gear (EVs, most PHEVs)
 *   drive   = FWD RWD AWD 4WD (cars, trucks); Chain Belt Shaft (motorcycles)
 * Caravan spec: "Badge:price:length_ft:sleeps:S|T:tare_kg:atm_kg"
 */
import type { Drive, ItemType, SimpleBody, SimpleFuel } from "../../runtime/generated/types";

export interface BadgeDef {
  badge: string;
  price: number;
  fuel: SimpleFuel;
  litres: number;
  batteryKwh: number;
  induction: "Aspirated" | "Turbo" | "Twin Turbo" | "Electric";
  cylinders: number;
  transCode: string;
  drive: Drive;
  /** First model year of this badge when later than the model's (electrified variants). */
  from?: number;
}

export interface ModelDef {
  itemType: ItemType;
  make: string;
  model: string;
  simpleBody: SimpleBody;
  bodyText: string;
  from: number;
  /** Last model year; 0 = still on sale. */
  to: number;
  seats: number;
  doors: number;
  series: string;
  badges: BadgeDef[];
}

export interface CaravanBadgeDef {
  badge: string;
  price: number;
  lengthFt: number;
  sleeps: number;
  axle: "Single" | "Tandem";
  tare: number;
  atm: number;
}

export interface CaravanDef {
  make: string;
  model: string;
  bodyText: string;
  from: number;
  badges: CaravanBadgeDef[];
}

const FUEL_LETTER: Record<string, SimpleFuel> = { P: "Petrol", D: "Diesel", H: "Hybrid", X: "PHEV", L: "LPG", E: "Electric" };

function defaultCylinders(fuel: SimpleFuel, litres: number, item: ItemType): number {
  if (fuel === "Electric") return 0;
  if (item === "motorcycle") return litres < 0.5 ? 1 : litres < 1.0 ? 2 : 4;
  if (litres < 1.3) return 3;
  if (litres <= 2.8) return 4;
  if (fuel === "Diesel" && litres <= 3.0) return 4;
  if (litres <= 4.0) return 6;
  return 8;
}

function parseBadge(spec: string, item: ItemType): BadgeDef {
  // Parsed from the right: badges may contain colons (Honda "e:HEV").
  const parts = spec.split(":");
  const [price, engine, transCode, driveAndYear] = parts.slice(-4);
  const [drive, fromYear] = driveAndYear.split("@");
  const badge = parts.slice(0, -4).join(":");
  const m = /^([PDHXLE])([\d.]+)(TT|T)?(?:\/(\d+))?$/.exec(engine);
  if (!m) throw new Error(`bad engine code ${engine} in ${spec}`);
  const fuel = FUEL_LETTER[m[1]];
  const electric = fuel === "Electric";
  const litres = electric ? 0 : Number(m[2]);
  return {
    badge,
    price: Number(price),
    fuel,
    litres,
    batteryKwh: electric ? Number(m[2]) : 0,
    induction: electric ? "Electric" : m[3] === "TT" ? "Twin Turbo" : m[3] === "T" ? "Turbo" : "Aspirated",
    cylinders: m[4] ? Number(m[4]) : defaultCylinders(fuel, litres, item),
    transCode,
    drive: drive as Drive,
    ...(fromYear ? { from: Number(fromYear) } : {}),
  };
}

type Row = [
  make: string,
  model: string,
  body: SimpleBody,
  bodyText: string,
  from: number,
  to: number,
  seats: number,
  doors: number,
  series: string,
  badges: string[],
];

function build(item: ItemType, rows: Row[]): ModelDef[] {
  return rows.map(([make, model, simpleBody, bodyText, from, to, seats, doors, series, badges]) => ({
    itemType: item,
    make,
    model,
    simpleBody,
    bodyText,
    from,
    to,
    seats,
    doors,
    series,
    badges: badges.map((b) => parseBadge(b, item)),
  }));
}

export const CAR_MODELS: ModelDef[] = build("car", [
  // Chery (franchise of sunshine-chery)
  ["Chery", "Omoda 5", "suv", "Wagon", 2023, 0, 5, 5, "T19C", ["BX:29990:P1.5T:CVT:FWD", "EX:33990:P1.5T:CVT:FWD", "GT:37990:P1.6T:DCT7:AWD"]],
  ["Chery", "Omoda 5 FX", "suv", "Wagon", 2024, 0, 5, 5, "T19C", ["EX:35990:P1.5T:CVT:FWD", "GT:38990:P1.6T:DCT7:FWD"]],
  ["Chery", "Tiggo 4 Pro", "suv", "Wagon", 2024, 0, 5, 5, "T17", ["Urban:23990:P1.5:CVT:FWD", "Ultimate:27990:P1.5T:CVT:FWD"]],
  [
    "Chery",
    "Tiggo 7 Pro",
    "suv",
    "Wagon",
    2023,
    0,
    5,
    5,
    "T1E",
    ["Urban:31990:P1.5T:CVT:FWD", "Ultimate:36990:P1.5T:CVT:FWD", "SHS Urban:39990:X1.5T:R1:FWD@2025"],
  ],
  ["Chery", "Tiggo 8 Pro Max", "suv", "Wagon", 2023, 0, 7, 5, "T1D", ["Urban:38990:P2.0T:DCT7:FWD", "Ultimate:45990:P2.0T:DCT7:AWD"]],
  ["Chery", "Omoda E5", "suv", "Wagon", 2024, 0, 5, 5, "FX", ["BX:40990:E61:R1:FWD", "EX:44990:E61:R1:FWD"]],
  // Toyota
  [
    "Toyota",
    "Yaris Cross",
    "suv",
    "Wagon",
    2020,
    0,
    5,
    5,
    "MXPB10R",
    ["GX:30990:P1.5:CVT:FWD", "GXL Hybrid:37490:H1.5:CVT:FWD", "Urban Hybrid AWD:41990:H1.5:CVT:AWD"],
  ],
  [
    "Toyota",
    "Corolla",
    "hatch",
    "Hatchback",
    2012,
    0,
    5,
    5,
    "ZWE211R",
    [
      "Ascent Sport:31140:P2.0:CVT:FWD",
      "Ascent Sport Hybrid:33640:H1.8:CVT:FWD@2019",
      "SX Hybrid:36640:H1.8:CVT:FWD@2019",
      "ZR Hybrid:40640:H1.8:CVT:FWD@2019",
    ],
  ],
  ["Toyota", "Corolla Cross", "suv", "Wagon", 2022, 0, 5, 5, "MXGH10R", ["GX Hybrid:38110:H2.0:CVT:FWD", "Atmos Hybrid AWD:51010:H2.0:CVT:AWD"]],
  [
    "Toyota",
    "Camry",
    "sedan",
    "Sedan",
    2012,
    0,
    5,
    4,
    "AXVH71R",
    ["Ascent Hybrid:39990:H2.5:CVT:FWD", "SX Hybrid:44990:H2.5:CVT:FWD", "SL Hybrid:53190:H2.5:CVT:FWD"],
  ],
  [
    "Toyota",
    "RAV4",
    "suv",
    "Wagon",
    2013,
    0,
    5,
    5,
    "AXAH52R",
    [
      "GX:39790:P2.0:CVT:FWD",
      "GX Hybrid:42290:H2.5:CVT:FWD@2019",
      "GXL Hybrid AWD:50390:H2.5:CVT:AWD@2019",
      "XSE Hybrid AWD:52990:H2.5:CVT:AWD@2022",
      "Edge:55990:P2.5:A8:AWD",
    ],
  ],
  ["Toyota", "Kluger", "suv", "Wagon", 2014, 0, 7, 5, "AXUH78R", ["GX Hybrid:60990:H2.5:CVT:AWD@2021", "Grande Hybrid:81990:H2.5:CVT:AWD@2021"]],
  ["Toyota", "LandCruiser Prado", "suv", "Wagon", 2010, 0, 7, 5, "GDJ250R", ["GX:74990:D2.8T:A8:4WD", "VX:89990:D2.8T:A8:4WD", "Kakadu:100990:D2.8T:A8:4WD"]],
  [
    "Toyota",
    "LandCruiser 300",
    "suv",
    "Wagon",
    2021,
    0,
    7,
    5,
    "FJA300R",
    ["GX:97990:D3.3TT/6:A10:4WD", "GXL:110990:D3.3TT/6:A10:4WD", "Sahara:139990:D3.3TT/6:A10:4WD"],
  ],
  [
    "Toyota",
    "LandCruiser 70",
    "cabChassis",
    "Cab Chassis",
    2010,
    0,
    2,
    2,
    "GDJ79R",
    ["Workmate Single Cab:75990:D2.8T:A6:4WD", "GXL Double Cab:89990:D4.5TT/8:M5:4WD"],
  ],
  [
    "Toyota",
    "HiLux",
    "ute",
    "Dual Cab Pick-up",
    2010,
    0,
    5,
    4,
    "GUN126R",
    ["Workmate:36990:P2.7:M5:RWD", "SR Hi-Rider:47990:D2.8T:A6:RWD", "SR5:62990:D2.8T:A6:4WD", "Rogue:72990:D2.8T:A6:4WD", "GR Sport:75990:D2.8T:A6:4WD"],
  ],
  ["Toyota", "HiAce", "van", "Van", 2010, 0, 2, 4, "GDH300R", ["LWB Van:49990:D2.8T:A6:RWD", "SLWB Crew Van:58990:D2.8T:A6:RWD"]],
  ["Toyota", "C-HR", "suv", "Wagon", 2017, 0, 5, 5, "ZYX10R", ["GXL Hybrid:45000:H2.0:CVT:FWD@2020", "GR Sport Hybrid AWD:54990:H2.0:CVT:AWD@2024"]],
  ["Toyota", "bZ4X", "suv", "Wagon", 2022, 0, 5, 5, "XEAM10R", ["FWD:66000:E71:R1:FWD", "AWD:74900:E64:R1:AWD"]],
  ["Toyota", "GR86", "coupe", "Coupe", 2022, 0, 4, 2, "ZN8", ["GT:44140:P2.4:M6:RWD", "GTS:48540:P2.4:A6:RWD"]],
  // Mazda
  ["Mazda", "Mazda2", "hatch", "Hatchback", 2011, 0, 5, 5, "DJ", ["G15 Pure:24330:P1.5:A6:FWD", "G15 GT:29330:P1.5:A6:FWD"]],
  [
    "Mazda",
    "Mazda3",
    "hatch",
    "Hatchback",
    2010,
    0,
    5,
    5,
    "BP",
    ["G20 Pure:31090:P2.0:A6:FWD", "G25 Evolve:34590:P2.5:A6:FWD", "G25 GT:38590:P2.5:A6:FWD", "X20 Astina:45590:P2.0:A6:FWD"],
  ],
  ["Mazda", "CX-3", "suv", "Wagon", 2015, 0, 5, 5, "DK", ["G20 Pure:28160:P2.0:A6:FWD", "G20 Akari:36000:P2.0:A6:FWD"]],
  ["Mazda", "CX-30", "suv", "Wagon", 2019, 0, 5, 5, "DM", ["G20 Pure:32990:P2.0:A6:FWD", "G25 Astina:45990:P2.5:A6:AWD"]],
  [
    "Mazda",
    "CX-5",
    "suv",
    "Wagon",
    2012,
    0,
    5,
    5,
    "KF",
    ["Maxx:36800:P2.0:A6:FWD", "Maxx Sport:41200:P2.5:A6:AWD", "Touring:45000:P2.5:A6:AWD", "GT SP:51000:P2.5T:A6:AWD", "Akera:53000:D2.2T:A6:AWD"],
  ],
  ["Mazda", "CX-60", "suv", "Wagon", 2022, 0, 5, 5, "KH", ["G40e Evolve:59800:P3.3T:A8:AWD", "P50e GT:73000:X2.5:A8:AWD", "D50e Azami:82000:D3.3T/6:A8:AWD"]],
  ["Mazda", "CX-90", "suv", "Wagon", 2023, 0, 7, 5, "KK", ["G50e Touring:76000:P3.3T:A8:AWD", "D50e Azami:92000:D3.3T/6:A8:AWD"]],
  [
    "Mazda",
    "BT-50",
    "ute",
    "Dual Cab Pick-up",
    2020,
    0,
    5,
    4,
    "TF",
    ["XT:50000:D3.0T:A6:RWD", "XTR:59000:D3.0T:A6:4WD", "GT:63000:D3.0T:A6:4WD", "Thunder:69000:D3.0T:A6:4WD"],
  ],
  ["Mazda", "MX-5", "convertible", "Roadster", 2015, 0, 2, 2, "ND", ["Roadster:42000:P2.0:M6:RWD", "RF GT:51000:P2.0:A6:RWD"]],
  ["Mazda", "MX-30", "suv", "Wagon", 2021, 0, 5, 5, "DR", ["E35 Astina:65000:E36:R1:FWD"]],
  // Hyundai
  ["Hyundai", "i30", "hatch", "Hatchback", 2012, 0, 5, 5, "PD.V4", ["Active:29500:P2.0:A6:FWD", "N Line:36500:P1.6T:DCT7:FWD", "N:49000:P2.0T:DCT8:FWD"]],
  ["Hyundai", "i30 Sedan", "sedan", "Sedan", 2021, 0, 5, 4, "CN7", ["Active:30500:P2.0:CVT:FWD", "Elite Hybrid:37000:H1.6:DCT6:FWD@2023"]],
  ["Hyundai", "Venue", "suv", "Wagon", 2019, 0, 5, 5, "QX.V5", ["Venue:25000:P1.6:A6:FWD", "Elite:29500:P1.6:A6:FWD"]],
  [
    "Hyundai",
    "Kona",
    "suv",
    "Wagon",
    2017,
    0,
    5,
    5,
    "SX2.V1",
    ["Kona:33000:P2.0:CVT:FWD", "Premium Hybrid:45000:H1.6:DCT6:FWD@2023", "Electric Premium:62000:E65:R1:FWD@2019"],
  ],
  [
    "Hyundai",
    "Tucson",
    "suv",
    "Wagon",
    2015,
    0,
    5,
    5,
    "NX4.V2",
    ["Tucson:37000:P2.0:A6:FWD", "Elite:44500:D2.0T:A8:AWD", "Highlander Hybrid:58000:H1.6T:A6:AWD@2024"],
  ],
  ["Hyundai", "Santa Fe", "suv", "Wagon", 2012, 0, 7, 5, "MX5", ["Santa Fe:54000:P2.5T:DCT8:AWD", "Calligraphy Hybrid:75000:H1.6T:A6:AWD@2024"]],
  ["Hyundai", "Ioniq 5", "suv", "Wagon", 2021, 0, 5, 5, "NE.V2", ["Dynamiq:70000:E63:R1:RWD", "Epiq AWD:80000:E84:R1:AWD"]],
  ["Hyundai", "Ioniq 6", "sedan", "Sedan", 2023, 0, 5, 4, "CE.V1", ["Dynamiq:72000:E77:R1:RWD"]],
  ["Hyundai", "Palisade", "suv", "Wagon", 2021, 0, 8, 5, "LX2.V3", ["Elite:66000:D2.2T:A8:AWD"]],
  ["Hyundai", "Staria", "peopleMover", "People Mover", 2021, 0, 8, 4, "US4.V2", ["Staria:55000:D2.2T:A8:FWD", "Highlander:70000:D2.2T:A8:AWD"]],
  ["Hyundai", "iLoad", "van", "Van", 2010, 2021, 3, 4, "TQ4", ["Crew Van:45000:D2.5T:A5:RWD"]],
  // Kia
  ["Kia", "Picanto", "hatch", "Hatchback", 2011, 0, 5, 5, "JA", ["S:17490:P1.2:A4:FWD", "GT-Line:20490:P1.2:A4:FWD"]],
  ["Kia", "Cerato", "hatch", "Hatchback", 2013, 2024, 5, 5, "BD", ["S:28000:P2.0:A6:FWD", "Sport+:33000:P2.0:A6:FWD", "GT:38000:P1.6T:DCT7:FWD"]],
  ["Kia", "Stonic", "suv", "Wagon", 2021, 0, 5, 5, "YB", ["S:26000:P1.4:A6:FWD", "GT-Line:31000:P1.0T:DCT7:FWD"]],
  ["Kia", "Seltos", "suv", "Wagon", 2020, 0, 5, 5, "SP2", ["S:31000:P2.0:CVT:FWD", "GT-Line:43000:P1.6T:DCT7:AWD"]],
  [
    "Kia",
    "Sportage",
    "suv",
    "Wagon",
    2011,
    0,
    5,
    5,
    "NQ5",
    ["S:36000:P2.0:A6:FWD", "SX:40000:P2.0:A6:FWD", "GT-Line Hybrid:56000:H1.6T:A6:AWD@2022", "GT-Line Diesel:55000:D2.0T:A8:AWD"],
  ],
  [
    "Kia",
    "Sorento",
    "suv",
    "Wagon",
    2015,
    0,
    7,
    5,
    "MQ4",
    ["Sport:50000:P3.5:A8:FWD", "GT-Line Hybrid:70000:H1.6T:A6:AWD@2021", "GT-Line PHEV:84000:X1.6T:A6:AWD@2021"],
  ],
  ["Kia", "Carnival", "peopleMover", "People Mover", 2015, 0, 8, 5, "KA4", ["S:52000:D2.2T:A8:FWD", "Platinum Hybrid:77000:H1.6T:A6:FWD@2024"]],
  ["Kia", "EV5", "suv", "Wagon", 2024, 0, 5, 5, "OV", ["Air:57000:E64:R1:FWD", "GT-Line:72000:E88:R1:AWD@2025"]],
  ["Kia", "EV6", "suv", "Wagon", 2022, 0, 5, 5, "CV", ["Air:72000:E77:R1:RWD", "GT-Line AWD:87000:E77:R1:AWD"]],
  ["Kia", "EV9", "suv", "Wagon", 2023, 0, 7, 5, "MV", ["Earth:97000:E99:R1:RWD", "GT-Line:122000:E99:R1:AWD"]],
  ["Kia", "Niro", "suv", "Wagon", 2022, 0, 5, 5, "SG2", ["S Hybrid:41000:H1.6:DCT6:FWD", "EV GT-Line:66000:E64:R1:FWD@2022"]],
  ["Kia", "Tasman", "ute", "Dual Cab Pick-up", 2025, 0, 5, 4, "TK", ["S:55000:D2.2T:A8:4WD", "X-Pro:75000:D2.2T:A8:4WD"]],
  // Other makes (used stock)
  ["Mitsubishi", "Triton", "ute", "Dual Cab Pick-up", 2010, 0, 5, 4, "MV", ["GLX:41000:D2.4T:A6:RWD", "GLS:55000:D2.4T:A6:4WD", "GSR:62000:D2.4TT:A6:4WD"]],
  ["Mitsubishi", "Outlander", "suv", "Wagon", 2013, 0, 7, 5, "ZM", ["ES:38000:P2.5:CVT:FWD", "Exceed PHEV:68000:X2.4:R1:AWD@2014"]],
  ["Mitsubishi", "ASX", "suv", "Wagon", 2010, 0, 5, 5, "XD", ["ES:28000:P2.0:CVT:FWD", "Exceed:36000:P2.4:CVT:FWD"]],
  ["Mitsubishi", "Pajero Sport", "suv", "Wagon", 2016, 0, 7, 5, "QF", ["GLX:50000:D2.4T:A8:4WD", "GSR:60000:D2.4T:A8:4WD"]],
  [
    "Ford",
    "Ranger",
    "ute",
    "Dual Cab Pick-up",
    2011,
    0,
    5,
    4,
    "PY",
    ["XL:45000:D2.0T:A10:4WD", "XLT:63000:D2.0TT:A10:4WD", "Wildtrak:72000:D3.0T/6:A10:4WD", "Raptor:88000:P3.0TT/6:A10:4WD"],
  ],
  ["Ford", "Everest", "suv", "Wagon", 2015, 0, 7, 5, "UB", ["Ambiente:56000:D2.0T:A10:4WD", "Platinum:80000:D3.0T/6:A10:4WD"]],
  ["Ford", "Mustang", "coupe", "Fastback", 2015, 0, 4, 2, "S650", ["GT Fastback:75000:P5.0:A10:RWD", "GT Convertible:85000:P5.0:A10:RWD"]],
  ["Ford", "Focus", "hatch", "Hatchback", 2011, 2022, 5, 5, "SA", ["Trend:28000:P1.5T:A8:FWD", "ST:44000:P2.3T:M6:FWD"]],
  ["Ford", "Transit Custom", "van", "Van", 2014, 0, 3, 4, "VN", ["340S:45000:D2.0T:A6:FWD", "320L Trend:52000:D2.0T:A6:FWD"]],
  ["Ford", "Falcon", "sedan", "Sedan", 2008, 2016, 5, 4, "FG X", ["XT:37000:P4.0:A6:RWD", "XR6 EcoLPi:42000:L4.0:A6:RWD"]],
  ["Ford", "Falcon Ute", "ute", "Utility", 2008, 2016, 2, 2, "FG X", ["XR6 EcoLPi:40000:L4.0:A6:RWD", "Ute:33000:P4.0:A6:RWD"]],
  ["Nissan", "Navara", "ute", "Dual Cab Pick-up", 2015, 0, 5, 4, "D23", ["ST:52000:D2.3TT:A7:4WD", "ST-X:62000:D2.3TT:A7:4WD", "PRO-4X:66000:D2.3TT:A7:4WD"]],
  ["Nissan", "X-Trail", "suv", "Wagon", 2014, 0, 7, 5, "T33", ["ST:37000:P2.5:CVT:FWD", "Ti e-POWER:58000:H1.5T:R1:AWD@2023"]],
  ["Nissan", "Patrol", "suv", "Wagon", 2013, 0, 8, 5, "Y62", ["Ti:85000:P5.6:A7:4WD", "Ti-L:98000:P5.6:A7:4WD"]],
  ["Nissan", "Qashqai", "suv", "Wagon", 2014, 0, 5, 5, "J12", ["ST:33000:P1.3T:CVT:FWD", "Ti e-POWER:52000:H1.5T:R1:FWD@2023"]],
  ["Nissan", "Leaf", "hatch", "Hatchback", 2012, 0, 5, 5, "ZE1", ["Leaf:50000:E40:R1:FWD", "e+:62000:E62:R1:FWD"]],
  ["Volkswagen", "Golf", "hatch", "Hatchback", 2013, 0, 5, 5, "8", ["110TSI Life:36000:P1.4T:A8:FWD", "GTI:56000:P2.0T:DCT7:FWD", "R:66000:P2.0T:DCT7:AWD"]],
  ["Volkswagen", "Polo", "hatch", "Hatchback", 2011, 0, 5, 5, "AW", ["85TSI Life:28000:P1.0T:DCT7:FWD", "GTI:40000:P2.0T:DCT6:FWD"]],
  ["Volkswagen", "Tiguan", "suv", "Wagon", 2016, 0, 5, 5, "5N", ["110TSI Life:44000:P1.4T:DCT6:FWD", "162TSI R-Line:64000:P2.0T:DCT7:AWD"]],
  ["Volkswagen", "Amarok", "ute", "Dual Cab Pick-up", 2011, 0, 5, 4, "NF", ["Core:55000:D2.0T:A10:4WD", "Aventura V6:80000:D3.0T/6:A10:4WD"]],
  ["Volkswagen", "Transporter", "van", "Van", 2010, 0, 3, 4, "T6.1", ["TDI340 SWB:50000:D2.0T:DCT7:FWD"]],
  ["Subaru", "Outback", "wagon", "Wagon", 2010, 0, 5, 5, "6GEN", ["AWD:45000:P2.5:CVT:AWD", "AWD Touring XT:58000:P2.4T:CVT:AWD"]],
  ["Subaru", "Forester", "suv", "Wagon", 2012, 0, 5, 5, "S6", ["2.5i:38000:P2.5:CVT:AWD", "Hybrid S:48000:H2.0:CVT:AWD@2020"]],
  ["Subaru", "XV", "suv", "Wagon", 2012, 2023, 5, 5, "G5X", ["2.0i-L:32000:P2.0:CVT:AWD", "Hybrid S:42000:H2.0:CVT:AWD@2020"]],
  ["Subaru", "WRX", "sedan", "Sedan", 2014, 0, 5, 4, "VN", ["WRX:50000:P2.4T:M6:AWD", "tS:60000:P2.4T:CVT:AWD"]],
  ["Subaru", "BRZ", "coupe", "Coupe", 2012, 0, 4, 2, "ZD8", ["S:43000:P2.4:M6:RWD"]],
  [
    "Holden",
    "Commodore",
    "sedan",
    "Sedan",
    2010,
    2020,
    5,
    4,
    "VF II",
    ["SV6:40000:P3.6:A6:RWD", "SS V Redline:60000:P6.2:A6:RWD", "Omega Dual Fuel:38000:L3.0:A6:RWD"],
  ],
  ["Holden", "Commodore Sportwagon", "wagon", "Sportwagon", 2010, 2017, 5, 5, "VF II", ["SV6:42000:P3.6:A6:RWD", "Evoke:38000:P3.0:A6:RWD"]],
  ["Holden", "Colorado", "ute", "Dual Cab Pick-up", 2012, 2020, 5, 4, "RG", ["LS:40000:D2.8T:A6:4WD", "Z71:55000:D2.8T:A6:4WD"]],
  ["Holden", "Captiva", "suv", "Wagon", 2010, 2018, 7, 5, "CG", ["LT:34000:P2.4:A6:FWD", "LTZ:40000:D2.2T:A6:AWD"]],
  ["Holden", "Astra", "hatch", "Hatchback", 2015, 2020, 5, 5, "BK", ["R:25000:P1.4T:A6:FWD", "RS:31000:P1.6T:A6:FWD"]],
  [
    "Honda",
    "Civic",
    "hatch",
    "Hatchback",
    2012,
    0,
    5,
    5,
    "11th Gen",
    ["VTi-LX:44000:P1.5T:CVT:FWD", "e:HEV LX:50000:H2.0:CVT:FWD@2022", "Type R:73000:P2.0T:M6:FWD"],
  ],
  ["Honda", "CR-V", "suv", "Wagon", 2012, 0, 7, 5, "RS", ["VTi:39000:P1.5T:CVT:FWD", "e:HEV RS:58000:H2.0:CVT:AWD@2023"]],
  ["Honda", "HR-V", "suv", "Wagon", 2014, 0, 5, 5, "RV", ["Vi X:36000:P1.5:CVT:FWD", "e:HEV L:45000:H1.5:CVT:FWD@2022"]],
  ["Honda", "Jazz", "hatch", "Hatchback", 2010, 2021, 5, 5, "GK", ["VTi:22000:P1.5:CVT:FWD", "VTi-L:25000:P1.5:CVT:FWD"]],
  ["Honda", "Accord", "sedan", "Sedan", 2012, 0, 5, 4, "CY", ["e:HEV RS:60000:H2.0:CVT:FWD"]],
  ["Honda", "Odyssey", "peopleMover", "People Mover", 2014, 2021, 7, 5, "RC", ["Vi L:48000:P2.4:CVT:FWD"]],
  ["Isuzu", "D-Max", "ute", "Dual Cab Pick-up", 2012, 0, 5, 4, "RG", ["SX:40000:D3.0T:A6:RWD", "LS-U:58000:D3.0T:A6:4WD", "X-Terrain:68000:D3.0T:A6:4WD"]],
  ["Isuzu", "MU-X", "suv", "Wagon", 2013, 0, 7, 5, "RJ", ["LS-M:52000:D3.0T:A6:4WD", "LS-T:65000:D3.0T:A6:4WD"]],
  [
    "Tesla",
    "Model 3",
    "sedan",
    "Sedan",
    2019,
    0,
    5,
    4,
    "Highland",
    ["Rear-Wheel Drive:55000:E60:R1:RWD", "Long Range:67000:E79:R1:AWD", "Performance:80000:E79:R1:AWD"],
  ],
  ["Tesla", "Model Y", "suv", "Wagon", 2022, 0, 5, 5, "Juniper", ["Rear-Wheel Drive:58000:E60:R1:RWD", "Long Range:69000:E79:R1:AWD"]],
  ["BYD", "Atto 3", "suv", "Wagon", 2022, 0, 5, 5, "MY24", ["Standard Range:45000:E50:R1:FWD", "Extended Range:48000:E60:R1:FWD"]],
  ["BYD", "Seal", "sedan", "Sedan", 2023, 0, 5, 4, "MY24", ["Dynamic:50000:E61:R1:RWD", "Performance:63000:E82:R1:AWD"]],
  ["BYD", "Dolphin", "hatch", "Hatchback", 2023, 0, 5, 5, "MY24", ["Dynamic:36000:E44:R1:FWD", "Premium:43000:E60:R1:FWD"]],
  ["BYD", "Shark 6", "ute", "Dual Cab Pick-up", 2024, 0, 5, 4, "MY25", ["Premium:58000:X1.5T:R1:AWD"]],
  ["BYD", "Sealion 6", "suv", "Wagon", 2024, 0, 5, 5, "MY25", ["Dynamic:49000:X1.5T:R1:FWD", "Premium AWD:56000:X1.5T:R1:AWD@2025"]],
  ["MG", "MG3", "hatch", "Hatchback", 2013, 0, 5, 5, "SZP1", ["Core:20000:P1.5:A4:FWD", "Excite Hybrid+:28000:H1.5:A3:FWD@2024"]],
  ["MG", "ZS", "suv", "Wagon", 2017, 0, 5, 5, "AZS1", ["Excite:25000:P1.5:CVT:FWD", "EV Excite:40000:E51:R1:FWD@2021"]],
  ["MG", "HS", "suv", "Wagon", 2019, 0, 5, 5, "SAS23", ["Vibe:33000:P1.5T:DCT7:FWD", "Essence PHEV:50000:X1.5T:A10:FWD@2021"]],
  ["MG", "MG4", "hatch", "Hatchback", 2023, 0, 5, 5, "EH32", ["Excite 51:36000:E51:R1:RWD", "XPower:60000:E64:R1:AWD"]],
  ["GWM", "Haval H6", "suv", "Wagon", 2021, 0, 5, 5, "B01", ["Lux:37000:P2.0T:DCT7:FWD", "Ultra Hybrid:46000:H1.5T:R1:FWD@2022"]],
  ["GWM", "Haval Jolion", "suv", "Wagon", 2021, 0, 5, 5, "A01", ["Premium:27000:P1.5T:DCT7:FWD", "Ultra Hybrid:38000:H1.5:R1:FWD@2022"]],
  ["GWM", "Cannon", "ute", "Dual Cab Pick-up", 2021, 0, 5, 4, "NPW", ["Lux:43000:D2.0T:A8:4WD", "Vanta:52000:D2.4T:A9:4WD"]],
  ["BMW", "3 Series", "sedan", "Sedan", 2012, 0, 5, 4, "G20", ["320i M Sport:75000:P2.0T:A8:RWD", "330e M Sport:86000:X2.0T:A8:RWD@2020"]],
  ["BMW", "X3", "suv", "Wagon", 2011, 0, 5, 5, "G45", ["xDrive20d:80000:D2.0T:A8:AWD", "xDrive30e:96000:X2.0T:A8:AWD@2020"]],
  ["BMW", "X5", "suv", "Wagon", 2013, 0, 5, 5, "G05", ["xDrive30d:125000:D3.0T/6:A8:AWD"]],
  ["BMW", "iX1", "suv", "Wagon", 2023, 0, 5, 5, "U11", ["eDrive20:72000:E65:R1:FWD"]],
  ["Mercedes-Benz", "C-Class", "sedan", "Sedan", 2014, 0, 5, 4, "W206", ["C200:80000:P1.5T:A9:RWD", "C300:95000:P2.0T:A9:RWD"]],
  ["Mercedes-Benz", "GLC", "suv", "Wagon", 2016, 0, 5, 5, "X254", ["GLC 300 4MATIC:95000:P2.0T:A9:AWD"]],
  ["Mercedes-Benz", "A-Class", "hatch", "Hatchback", 2013, 0, 5, 5, "W177", ["A180:50000:P1.3T:DCT7:FWD", "A250 4MATIC:65000:P2.0T:DCT8:AWD"]],
  ["Mercedes-Benz", "Sprinter", "van", "Van", 2010, 0, 3, 4, "VS30", ["316 CDI MWB:70000:D2.1T:A7:RWD"]],
  ["Audi", "A3", "hatch", "Sportback", 2013, 0, 5, 5, "8Y", ["35 TFSI:48000:P1.4T:DCT7:FWD"]],
  ["Audi", "Q5", "suv", "Wagon", 2013, 0, 5, 5, "FY", ["40 TDI quattro:75000:D2.0T:DCT7:AWD"]],
  ["Suzuki", "Swift", "hatch", "Hatchback", 2011, 0, 5, 5, "AZ", ["GL:23000:P1.2:CVT:FWD", "Sport:30000:P1.4T:A6:FWD"]],
  ["Suzuki", "Jimny", "4x4", "Hardtop", 2018, 0, 4, 3, "GJ", ["Jimny:34000:P1.5:A4:4WD", "XL:38000:P1.5:A4:4WD"]],
  ["Suzuki", "Vitara", "suv", "Wagon", 2015, 0, 5, 5, "LY", ["Turbo:33000:P1.4T:A6:FWD"]],
  ["Jeep", "Grand Cherokee", "suv", "Wagon", 2011, 0, 5, 5, "WL", ["Limited:80000:P3.6:A8:4WD", "Trailhawk:85000:D3.0T/6:A8:4WD"]],
  ["Jeep", "Wrangler", "softtop", "Softtop", 2012, 0, 5, 4, "JL", ["Unlimited Rubicon:90000:P2.0T:A8:4WD"]],
  ["Land Rover", "Defender", "suv", "Wagon", 2020, 0, 5, 5, "L663", ["110 D250 SE:110000:D3.0T/6:A8:AWD"]],
  [
    "Land Rover",
    "Range Rover Sport",
    "prestige",
    "Wagon",
    2013,
    0,
    5,
    5,
    "L461",
    ["D350 Dynamic SE:160000:D3.0T/6:A8:AWD", "P550e Autobiography:210000:X3.0T/6:A8:AWD@2023"],
  ],
  ["Lexus", "RX", "suv", "Wagon", 2012, 0, 5, 5, "ALH10R", ["RX350h Luxury:90000:H2.5:CVT:AWD"]],
  ["Lexus", "NX", "suv", "Wagon", 2015, 0, 5, 5, "AAZH20R", ["NX350h Luxury:75000:H2.5:CVT:FWD", "NX450h+ F Sport:95000:X2.5:CVT:AWD@2022"]],
  ["Lexus", "IS", "sedan", "Sedan", 2013, 0, 5, 4, "AVE30R", ["IS300h Luxury:70000:H2.5:CVT:RWD"]],
  ["Volvo", "XC60", "suv", "Wagon", 2013, 0, 5, 5, "246", ["B5 Plus:75000:P2.0T:A8:AWD", "T8 Ultimate:90000:X2.0T:A8:AWD@2018"]],
  ["Volvo", "EX40", "suv", "Wagon", 2022, 0, 5, 5, "536", ["Plus Single Motor:72000:E69:R1:RWD"]],
  ["Renault", "Trafic", "van", "Van", 2015, 0, 3, 4, "X82", ["Pro Lifestyle:50000:D2.0T:DCT6:FWD"]],
  ["LDV", "T60", "ute", "Dual Cab Pick-up", 2017, 0, 5, 4, "SK8C", ["Pro:40000:D2.8T:A6:4WD", "Max Luxe:50000:D2.0TT:A8:4WD"]],
  ["LDV", "G10", "peopleMover", "People Mover", 2015, 0, 7, 4, "SV7A", ["Executive:38000:P2.0T:A6:RWD"]],
  ["Porsche", "911", "coupe", "Coupe", 2012, 0, 4, 2, "992", ["Carrera:270000:P3.0TT/6:DCT8:RWD", "Carrera Cabriolet:300000:P3.0TT/6:DCT8:RWD"]],
  ["Porsche", "Macan", "suv", "Wagon", 2014, 0, 5, 5, "95B", ["Macan:100000:P2.0T:DCT7:AWD"]],
]);

export const MOTORCYCLE_MODELS: ModelDef[] = build("motorcycle", [
  ["Honda", "CBR650R", "motorcycle", "Sports", 2019, 0, 2, 0, "MY25", ["CBR650R:14499:P0.649/4:M6:Chain", "E-Clutch:15999:P0.649/4:M6:Chain@2024"]],
  ["Honda", "CB500X", "motorcycle", "Adventure", 2013, 2023, 2, 0, "MY23", ["CB500X LAMS:9999:P0.471/2:M6:Chain"]],
  [
    "Honda",
    "Africa Twin",
    "motorcycle",
    "Adventure",
    2016,
    0,
    2,
    0,
    "CRF1100L",
    ["Adventure Sports ES DCT:28999:P1.084/2:DCT6:Chain", "Standard:22999:P1.084/2:M6:Chain"],
  ],
  ["Honda", "Rebel 500", "motorcycle", "Cruiser", 2017, 0, 2, 0, "CMX500", ["Rebel 500 LAMS:10499:P0.471/2:M6:Chain"]],
  ["Honda", "CRF300L", "motorcycle", "Trail", 2021, 0, 1, 0, "MY25", ["CRF300L LAMS:8299:P0.286/1:M6:Chain"]],
  ["Honda", "PCX160", "motorcycle", "Scooter", 2021, 0, 2, 0, "WW160", ["PCX160:4999:P0.157/1:CVT:Belt"]],
  ["Honda", "Gold Wing", "motorcycle", "Touring", 2018, 0, 2, 0, "GL1800", ["Tour DCT:52000:P1.833/6:DCT7:Shaft"]],
  ["Yamaha", "MT-07", "motorcycle", "Naked", 2014, 0, 2, 0, "MY25", ["MT-07 LAMS:12599:P0.655/2:M6:Chain"]],
  ["Yamaha", "MT-09", "motorcycle", "Naked", 2014, 0, 2, 0, "MY25", ["MT-09:17999:P0.89/3:M6:Chain", "SP:19999:P0.89/3:M6:Chain"]],
  ["Yamaha", "YZF-R7", "motorcycle", "Sports", 2022, 0, 2, 0, "MY25", ["YZF-R7:14999:P0.689/2:M6:Chain"]],
  ["Yamaha", "Ténéré 700", "motorcycle", "Adventure", 2019, 0, 2, 0, "XTZ690", ["Ténéré 700:19999:P0.689/2:M6:Chain", "World Raid:23999:P0.689/2:M6:Chain"]],
  ["Yamaha", "TMAX", "motorcycle", "Scooter", 2012, 0, 2, 0, "XP560", ["Tech MAX:22999:P0.562/2:CVT:Belt"]],
  ["Yamaha", "WR250R", "motorcycle", "Trail", 2010, 0, 1, 0, "WR250R", ["WR250R:11999:P0.25/1:M6:Chain"]],
  ["Kawasaki", "Ninja 400", "motorcycle", "Sports", 2018, 0, 2, 0, "EX400", ["Ninja 400 LAMS:8799:P0.399/2:M6:Chain"]],
  ["Kawasaki", "Z900", "motorcycle", "Naked", 2017, 0, 2, 0, "ZR900", ["Z900:15999:P0.948/4:M6:Chain", "Z900RS:19999:P0.948/4:M6:Chain"]],
  ["Kawasaki", "Versys 650", "motorcycle", "Adventure", 2010, 0, 2, 0, "KLE650", ["LAMS:12999:P0.649/2:M6:Chain"]],
  ["Kawasaki", "KLR650", "motorcycle", "Trail", 2022, 0, 2, 0, "KL650", ["KLR650:10999:P0.652/1:M5:Chain"]],
  ["Kawasaki", "Vulcan S", "motorcycle", "Cruiser", 2015, 0, 2, 0, "EN650", ["Vulcan S LAMS:12999:P0.649/2:M6:Chain"]],
  ["Harley-Davidson", "Street Glide", "motorcycle", "Touring", 2010, 0, 2, 0, "FLHX", ["Street Glide:52995:P1.923/2:M6:Belt"]],
  ["Harley-Davidson", "Fat Boy", "motorcycle", "Cruiser", 2010, 0, 2, 0, "FLFBS", ["Fat Boy 114:39995:P1.868/2:M6:Belt"]],
  ["Harley-Davidson", "Sportster S", "motorcycle", "Cruiser", 2021, 0, 2, 0, "RH1250S", ["Sportster S:28995:P1.252/2:M6:Belt"]],
  ["Harley-Davidson", "Low Rider S", "motorcycle", "Cruiser", 2020, 0, 2, 0, "FXLRS", ["Low Rider S:37995:P1.923/2:M6:Belt"]],
  ["Harley-Davidson", "Pan America 1250", "motorcycle", "Adventure", 2021, 0, 2, 0, "RA1250S", ["Special:36995:P1.252/2:M6:Chain"]],
  ["Harley-Davidson", "LiveWire One", "motorcycle", "Naked", 2020, 0, 1, 0, "ELW", ["LiveWire One:35000:E15:R1:Belt"]],
  ["Ducati", "Monster", "motorcycle", "Naked", 2021, 0, 2, 0, "MY25", ["Monster+:23990:P0.937/2:M6:Chain"]],
  ["Ducati", "Panigale V2", "motorcycle", "Sports", 2020, 0, 2, 0, "MY24", ["V2:33990:P0.955/2:M6:Chain"]],
  ["Ducati", "Multistrada V4", "motorcycle", "Adventure", 2021, 0, 2, 0, "MY25", ["V4 S:42990:P1.158/4:M6:Chain"]],
  ["Ducati", "Scrambler", "motorcycle", "Naked", 2015, 0, 2, 0, "MY25", ["Icon:17990:P0.803/2:M6:Chain", "Full Throttle:21990:P0.803/2:M6:Chain"]],
  ["BMW", "R 1250 GS", "motorcycle", "Adventure", 2019, 2023, 2, 0, "K50", ["R 1250 GS:32990:P1.254/2:M6:Shaft", "Adventure:36990:P1.254/2:M6:Shaft"]],
  ["BMW", "S 1000 RR", "motorcycle", "Sports", 2010, 0, 1, 0, "K67", ["S 1000 RR:34990:P0.999/4:M6:Chain"]],
  ["BMW", "F 900 R", "motorcycle", "Naked", 2020, 0, 2, 0, "K83", ["F 900 R LAMS:15990:P0.895/2:M6:Chain"]],
  ["BMW", "G 310 R", "motorcycle", "Naked", 2017, 0, 2, 0, "K03", ["G 310 R LAMS:7990:P0.313/1:M6:Chain"]],
  ["BMW", "R 18", "motorcycle", "Cruiser", 2021, 0, 2, 0, "K34", ["First Edition:34990:P1.802/2:M6:Shaft"]],
  ["BMW", "CE 04", "motorcycle", "Scooter", 2022, 0, 2, 0, "K09", ["CE 04:19990:E8.9:R1:Belt"]],
  ["Triumph", "Street Triple", "motorcycle", "Naked", 2013, 0, 2, 0, "765", ["765 RS:21990:P0.765/3:M6:Chain"]],
  ["Triumph", "Tiger 900", "motorcycle", "Adventure", 2020, 0, 2, 0, "MY25", ["GT Pro:26990:P0.888/3:M6:Chain", "Rally Pro:28990:P0.888/3:M6:Chain"]],
  ["Triumph", "Bonneville", "motorcycle", "Cruiser", 2016, 0, 2, 0, "T120", ["T120:23990:P1.2/2:M6:Chain"]],
  ["KTM", "390 Duke", "motorcycle", "Naked", 2013, 0, 2, 0, "MY25", ["390 Duke LAMS:8995:P0.399/1:M6:Chain"]],
  ["KTM", "890 Adventure", "motorcycle", "Adventure", 2021, 0, 2, 0, "MY24", ["R:23995:P0.889/2:M6:Chain"]],
]);

export const TRUCK_MODELS: ModelDef[] = build("truck", [
  [
    "Isuzu",
    "N Series",
    "lightTruck",
    "Cab Chassis",
    2010,
    0,
    3,
    2,
    "NLR/NPR",
    ["NLR 45-150 AMT:72000:D3.0T:AM6:RWD", "NPR 75-190 AMT:95000:D5.2T:AM6:RWD", "NPS 75-155 4x4:105000:D5.2T:M5:4WD"],
  ],
  [
    "Isuzu",
    "F Series",
    "cabChassis",
    "Cab Chassis",
    2010,
    0,
    3,
    2,
    "FRR/FVZ",
    ["FRR 107-210 AMT:140000:D5.2T:AM6:RWD", "FVZ 260-300 Auto:210000:D7.8T/6:A6:RWD"],
  ],
  [
    "Hino",
    "300 Series",
    "lightTruck",
    "Cab Chassis",
    2011,
    0,
    3,
    2,
    "XKU",
    ["616 IFS Auto:85000:D4.0T:A6:RWD", "921 Auto:105000:D4.0T:A6:RWD", "716 Hybrid:98000:H4.0T:AM6:RWD@2012"],
  ],
  ["Hino", "500 Series", "cabChassis", "Cab Chassis", 2010, 0, 3, 2, "FC/FD", ["FC 1124 Standard Cab:150000:D5.1T:M6:RWD", "FD 1124 Auto:160000:D5.1T:A6:RWD"]],
  ["Hino", "700 Series", "cabChassis", "Prime Mover", 2010, 0, 2, 2, "FS", ["FS 2848:280000:D12.9T/6:AM12:RWD"]],
  [
    "Fuso",
    "Canter",
    "lightTruck",
    "Cab Chassis",
    2011,
    0,
    3,
    2,
    "FEB",
    ["515 Wide Cab:70000:D3.0T:DCT6:RWD", "815 Wide Cab AMT:85000:D3.0T:DCT6:RWD", "4x4 Crew Cab:90000:D3.0T:M5:4WD"],
  ],
  ["Fuso", "eCanter", "lightTruck", "Cab Chassis", 2022, 0, 3, 2, "FEB", ["515 Electric:150000:E83:R1:RWD", "815 Electric:175000:E124:R1:RWD@2024"]],
  ["Fuso", "Fighter", "cabChassis", "Cab Chassis", 2010, 0, 3, 2, "FK", ["1124 Auto:140000:D7.7T/6:A6:RWD", "1627 Crew Cab:165000:D7.7T/6:M6:RWD"]],
  ["Fuso", "Shogun", "cabChassis", "Prime Mover", 2018, 0, 2, 2, "FV", ["FS 2848:280000:D10.7T/6:AM12:RWD"]],
]);

type CaravanRow = [make: string, model: string, bodyText: string, from: number, badges: string[]];

function buildCaravans(rows: CaravanRow[]): CaravanDef[] {
  return rows.map(([make, model, bodyText, from, badges]) => ({
    make,
    model,
    bodyText,
    from,
    badges: badges.map((spec) => {
      const [badge, price, len, sleeps, axle, tare, atm] = spec.split(":");
      return {
        badge,
        price: Number(price),
        lengthFt: Number(len),
        sleeps: Number(sleeps),
        axle: axle === "T" ? ("Tandem" as const) : ("Single" as const),
        tare: Number(tare),
        atm: Number(atm),
      };
    }),
  }));
}

export const CARAVAN_MODELS: CaravanDef[] = buildCaravans([
  ["Jayco", "Journey", "Off Road Caravan", 2012, ["21.63-3 Outback:95990:21.5:4:T:2680:3180", "19.61-4 Outback:89990:19.5:2:T:2450:2950"]],
  ["Jayco", "Starcraft", "Caravan", 2012, ["17.55-4:59990:17:3:S:1780:2180", "21.65-5 Family:72990:21:6:T:2350:2850"]],
  ["Jayco", "Silverline", "Caravan", 2013, ["21.64-3:109990:21:2:T:2750:3250"]],
  ["Jayco", "Crossover", "Off Road Caravan", 2019, ["CRV 18.55:70990:18:2:S:1900:2300"]],
  ["Jayco", "Swan", "Camper Trailer", 2010, ["Outback:45990:13:4:S:1050:1500"]],
  ["Lotus Caravans", "Trooper", "Off Road Caravan", 2014, ["18.6 Off Grid:115000:18.5:2:T:2700:3500", "20.0 Family:125000:20:5:T:2950:3700"]],
  ["Lotus Caravans", "Freelander", "Off Road Caravan", 2015, ["21.0 Family:129000:21:5:T:3000:3800"]],
  ["Lotus Caravans", "Caddy", "Pop Top", 2016, ["15.6 Pop Top:85000:15.5:2:S:2000:2600"]],
  ["Zone RV", "Z-14", "Hybrid Camper", 2017, ["Off Road:72000:14:2:S:1750:2500"]],
  ["Zone RV", "Z-17", "Off Road Caravan", 2017, ["Family:98000:17:4:T:2350:3200"]],
  ["Zone RV", "Z-21", "Off Road Caravan", 2018, ["Couples:125000:21:2:T:2900:3800"]],
  ["New Age", "Manta Ray", "Caravan", 2014, ["19ERS:82990:19:2:T:2380:3000", "21E:88990:21:4:T:2600:3200"]],
  ["New Age", "Road Owl", "Off Road Caravan", 2014, ["RO19ERS:99990:19:2:T:2600:3300"]],
  ["New Age", "Big Red", "Off Road Caravan", 2014, ["BR22E:115990:22:4:T:3000:3700"]],
  ["Crusader", "Regal", "Caravan", 2013, ["21.6 Ensuite:79990:21.5:2:T:2500:3000"]],
  ["Crusader", "Excalibur", "Caravan", 2013, ["22.6 Family:92000:22.5:5:T:2750:3300"]],
  ["Crusader", "Prestige", "Off Road Caravan", 2015, ["19.6 Couples:86000:19.5:2:T:2550:3100"]],
  ["Snowy River", "SRC-16", "Off Road Caravan", 2015, ["Couples:58990:16:2:S:1850:2500"]],
  ["Snowy River", "SRT-18", "Off Road Caravan", 2015, ["Bunks:66990:18:3:T:2200:2900"]],
  ["Snowy River", "SRC-22", "Caravan", 2015, ["Family:78990:22:6:T:2600:3200"]],
  ["Avan", "Aspire", "Pop Top", 2012, ["555:64990:17.5:2:S:1700:2200"]],
  ["Coromal", "Element", "Caravan", 2012, ["e616s:62990:20:2:T:2300:2800"]],
]);
