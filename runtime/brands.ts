import type { Brand } from "./generated/types";
import { slugify } from "./slug";

/** The make a brand's stock is filed under: its `make`, else its slug is taken to be the make's slug. */
export function brandMakeSlug(brand: Pick<Brand, "slug" | "make">): string {
  return brand.make ? slugify(brand.make) : brand.slug;
}

/**
 * Where a brand logo links: its brand page `/{slug}/overview`, or, for brands without a page
 * of their own (`skipPage`), the stock search for that brand's make.
 */
export function brandHref(brand: Pick<Brand, "slug" | "skipPage" | "make">): string {
  return brand.skipPage ? `/search/${encodeURIComponent(brandMakeSlug(brand))}` : `/${encodeURIComponent(brand.slug)}/overview`;
}

/**
 * How many cars the site has of a brand's make, from make facet counts (facet values as stored, e.g. 'Harley-Davidson'),
 * matched by slug so 'harley-davidson' finds 'Harley-Davidson'.
 */
export function brandStockCount(brand: Pick<Brand, "slug" | "make">, makeCounts: Readonly<Record<string, number>>): number {
  const wanted = brandMakeSlug(brand);
  let total = 0;
  for (const [make, count] of Object.entries(makeCounts)) if (slugify(make) === wanted) total += count;
  return total;
}

/** Brand lists of a manifest, each brand with its JSON pointer (for validation messages). */
export function brandsWithPointers(brands: Partial<Record<string, Brand[]>> | undefined): { brand: Brand; pointer: string }[] {
  return Object.entries(brands ?? {}).flatMap(([list, items]) => (items ?? []).map((brand, i) => ({ brand, pointer: `/brands/${list}/${i}` })));
}

/**
 * Stock tiles (skipPage brands link straight to stock) whose make the site has no cars of: each is a validation
 * warning, and the grid leaves the tile out rather than showing '0 cars'.
 */
export function brandsWithoutStock(
  brands: Partial<Record<string, Brand[]>> | undefined,
  makeCounts: Readonly<Record<string, number>>,
): { brand: Brand; pointer: string }[] {
  return brandsWithPointers(brands).filter(({ brand }) => brand.skipPage && brandStockCount(brand, makeCounts) === 0);
}

/**
 * The makes the platform knows, cars, motorcycles, trucks and caravans sold in Australia, as a
 * stock feed spells them. A make here is recognised wherever makes are listed (the make tiles,
 * brand lists) whether or not a dealer's manifest names it.
 */
export const KNOWN_MAKES: readonly string[] = [
  "Abarth",
  "Alfa Romeo",
  "Alpine",
  "Aston Martin",
  "Audi",
  "Bentley",
  "BMW",
  "BMW Motorrad",
  "BYD",
  "Cadillac",
  "Chery",
  "Chevrolet",
  "Chrysler",
  "Citroen",
  "Cupra",
  "Daewoo",
  "Daihatsu",
  "Dodge",
  "Ferrari",
  "Fiat",
  "Ford",
  "Foton",
  "Genesis",
  "GWM",
  "Haval",
  "Holden",
  "Honda",
  "HSV",
  "Hummer",
  "Hyundai",
  "Ineos",
  "Infiniti",
  "Isuzu",
  "Iveco",
  "Jaguar",
  "Jeep",
  "JAC",
  "Kia",
  "KGM",
  "Lamborghini",
  "Land Rover",
  "LDV",
  "Leapmotor",
  "Lexus",
  "Lotus",
  "Mahindra",
  "Maserati",
  "Mazda",
  "McLaren",
  "Mercedes-Benz",
  "MG",
  "Mini",
  "Mitsubishi",
  "Nissan",
  "Omoda",
  "Peugeot",
  "Polestar",
  "Porsche",
  "Proton",
  "RAM",
  "Renault",
  "Rolls-Royce",
  "Saab",
  "Skoda",
  "Smart",
  "SsangYong",
  "Subaru",
  "Suzuki",
  "Tesla",
  "Toyota",
  "Volkswagen",
  "Volvo",
  "XPeng",
  "Zeekr",
  "Aprilia",
  "Benelli",
  "Can-Am",
  "CFMoto",
  "Ducati",
  "Harley-Davidson",
  "Husqvarna",
  "Indian",
  "Kawasaki",
  "KTM",
  "Kymco",
  "Moto Guzzi",
  "MV Agusta",
  "Piaggio",
  "Royal Enfield",
  "Segway",
  "Sea-Doo",
  "Sur-Ron",
  "SYM",
  "Triumph",
  "Vespa",
  "Yamaha",
  "Zero",
  "DAF",
  "Fuso",
  "Hino",
  "Kenworth",
  "Mack",
  "Scania",
  "UD Trucks",
  "Volvo Trucks",
  "Western Star",
  "Avan",
  "Coromal",
  "Crusader",
  "Jayco",
  "Lotus Caravans",
  "New Age",
  "Snowy River",
  "Supreme",
  "Zone RV",
  "Windsor",
  "Roadstar",
  "Golf",
  "Regent",
  "Sunliner",
  "Trakmaster",
  "Kokoda",
  "MDC",
  "Vista",
  "Paramount",
  "Royal Flair",
  "Concept",
  "Elross",
];

/**
 * The known makes (by slug) that have a picture of the platform's own at /brands/{slug}.svg: a
 * mark and the make's name drawn here, not the manufacturer's logo. Logo sets on npm are MIT as
 * packages, but the marks in them are the manufacturers' trademarks, which that licence cannot
 * grant; a dealer shows a make's real logo through its brand list (the logo it is licensed to use
 * as a franchise). A make with neither shows its initials (makeMonogram).
 * tests/unit/known-makes.test.ts keeps this list and public/brands/ in step.
 */
export const MAKES_WITH_PICTURE: ReadonlySet<string> = new Set([
  "bmw",
  "bmw-motorrad",
  "chery",
  "crusader",
  "ducati",
  "ford",
  "fuso",
  "gwm",
  "harley-davidson",
  "hino",
  "honda",
  "hyundai",
  "jayco",
  "kawasaki",
  "kia",
  "lotus-caravans",
  "mazda",
  "mercedes-benz",
  "mg",
  "mitsubishi",
  "new-age",
  "nissan",
  "snowy-river",
  "subaru",
  "toyota",
  "triumph",
  "ud-trucks",
  "volkswagen",
  "yamaha",
  "zone-rv",
]);

/** The platform's own picture of a known make (/brands/{slug}.svg), if it has one. */
export function makePicture(make: string): string | undefined {
  const slug = slugify(make);
  return MAKES_WITH_PICTURE.has(slug) ? `/brands/${slug}.svg` : undefined;
}

/**
 * The initials a make's tile shows when it has no picture: a short all-capitals name whole ("BYD",
 * "KTM"), else the first letter of each of its first two words ("Alfa Romeo" -> "AR", "Kia" -> "K").
 */
export function makeMonogram(make: string): string {
  const name = make.trim();
  if (/^[A-Z0-9]{2,4}$/.test(name)) return name;
  const words = name.split(/[\s-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}
