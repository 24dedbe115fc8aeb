// Writes the sample dealers' logos, brand logos and banners, promotion banners and badges as small
// SVG files under public/. Run after changing the lists below: npx tsx scripts/make-sample-assets.ts
//
// Their words are drawn as outlines from the font the sites ship (scripts/lib/svg-text-outline.ts),
// never as <text>: a picture shown through <img> gets the viewing machine's fonts, not the page's.
// Each picture keeps its words in a <title>.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { textPath, type TextRun } from "./lib/svg-text-outline";

const pub = path.join(import.meta.dirname, "..", "public");
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const write = (rel: string, svg: string) => {
  mkdirSync(path.dirname(path.join(pub, rel)), { recursive: true });
  writeFileSync(path.join(pub, rel), svg.trim() + "\n");
};
/** The picture's words as a <title> and as outlines, in reading order. */
const words = (...runs: TextRun[]) => `<title>${esc(runs.map((r) => r.text).join(" "))}</title>`;
const outlines = (...runs: TextRun[]) => runs.map(textPath).join("");

const dealers = [
  { slug: "sunshine-chery", line1: "SUNSHINE", line2: "CHERY", bg: "#ffffff", fg: "#9b1c1f", mark: "#9b1c1f" },
  // Drawn for a dark header: white name, the second line in a light tint or the mark's colour.
  { slug: "harbour-motor-group", line1: "HARBOUR", line2: "MOTOR GROUP", bg: "#0a3d62", fg: "#ffffff", fg2: "#cfe6f5", mark: "#1e88c7" },
  { slug: "twg-group", line1: "TWG", line2: "GROUP", bg: "#111111", fg: "#ffffff", fg2: "#f2a900", mark: "#f2a900" },
  { slug: "outback-caravans", line1: "OUTBACK", line2: "CARAVANS", bg: "#ffffff", fg: "#5b3a1e", mark: "#c8641e" },
];
for (const d of dealers) {
  const lines: TextRun[] = [
    { text: d.line1, x: 52, y: 26, size: 20, weight: 700, fill: d.fg },
    { text: d.line2, x: 52, y: 46, size: 14, weight: 600, letterSpacing: 2, fill: d.fg2 ?? d.fg },
  ];
  write(
    `dealers/${d.slug}/logo.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="220" height="56" viewBox="0 0 220 56">${words(...lines)}<rect x="2" y="8" width="40" height="40" rx="8" fill="${d.mark}"/><path d="M12 34 L22 18 L32 34 Z" fill="#fff"/>${outlines(...lines)}</svg>`,
  );
  write(
    `dealers/${d.slug}/favicon.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${d.mark}"/><path d="M7 23 L16 8 L25 23 Z" fill="#fff"/></svg>`,
  );
}

const brands = [
  "chery",
  "toyota",
  "mazda",
  "hyundai",
  "kia",
  "ford",
  "nissan",
  "mitsubishi",
  "isuzu-ute",
  "mg",
  "gwm",
  "subaru",
  "volkswagen",
  "honda",
  "bmw",
  "mercedes-benz",
  "honda-motorcycles",
  "yamaha",
  "kawasaki",
  "harley-davidson",
  "ducati",
  "bmw-motorrad",
  "triumph",
  "suzuki-motorcycles",
  "isuzu-trucks",
  "hino",
  "fuso",
  "ud-trucks",
  "jayco",
  "lotus-caravans",
  "zone-rv",
  "new-age",
  "crusader",
  "snowy-river",
  "twg-cars",
  "twg-rental",
  "twg-tyres",
  "finance-and-insurance",
  "neotek",
  "4x4-outdoor",
];
const palette = ["#b3261e", "#0a3d62", "#1b5e20", "#4a148c", "#e65100", "#263238", "#01579b", "#880e4f"];
brands.forEach((slug, i) => {
  const label = slug.replace(/-/g, " ").toUpperCase();
  const name: TextRun = { text: label, x: 80, y: 64, anchor: "middle", size: label.length > 14 ? 13 : 16, weight: 700, fill: "#1a1c20" };
  write(
    `brands/${slug}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80">${words(name)}<rect width="160" height="80" rx="10" fill="#ffffff"/><circle cx="80" cy="28" r="16" fill="${palette[i % palette.length]}"/>${outlines(name)}</svg>`,
  );
});

const promos = [
  { file: "sunshine-omoda-runout", a: "#9b1c1f", b: "#2b0a0b", title: "OMODA 5 RUNOUT", sub: "Drive away from $29,990" },
  { file: "sunshine-tiggo-7", a: "#3b3b3b", b: "#9b1c1f", title: "TIGGO 7 PRO", sub: "7 year unlimited km warranty" },
  { file: "harbour-eofy", a: "#0a3d62", b: "#1e88c7", title: "EOFY SALE", sub: "Run-out deals across four brands" },
  { file: "harbour-service", a: "#1e88c7", b: "#0a3d62", title: "SERVICE SPECIALS", sub: "Capped price servicing" },
  { file: "twg-brands", a: "#111111", b: "#f2a900", title: "40+ BRANDS", sub: "Cars, motorcycles and trucks" },
  { file: "twg-trucks", a: "#333333", b: "#111111", title: "TRUCK CENTRE", sub: "Isuzu, Hino and Fuso in stock" },
  { file: "outback-winter", a: "#5b3a1e", b: "#c8641e", title: "WINTER ESCAPE", sub: "Off-road vans ready to tow" },
  { file: "outback-show", a: "#c8641e", b: "#5b3a1e", title: "CARAVAN SHOW DEALS", sub: "1 to 24 July" },
];
for (const p of promos) {
  // Drawn for a heavy (800) title; the font's heaviest shipped weight is bold (700), as Arial's is.
  const lines: TextRun[] = [
    { text: p.title, x: 120, y: 250, size: 96, weight: 800, fill: "#ffffff" },
    { text: p.sub, x: 124, y: 330, size: 44, fill: "#ffffff" },
  ];
  write(
    `promos/${p.file}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="540" viewBox="0 0 1920 540">${words(...lines)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient></defs><rect width="1920" height="540" fill="url(#g)"/><path d="M1100 420 Q1200 300 1400 290 L1650 290 Q1760 300 1820 380 L1840 420 Z" fill="rgba(255,255,255,0.18)"/><circle cx="1250" cy="430" r="48" fill="rgba(0,0,0,0.35)"/><circle cx="1700" cy="430" r="48" fill="rgba(0,0,0,0.35)"/>${outlines(...lines)}</svg>`,
  );
}
for (const name of ["hero-caravans", "hero-group"]) {
  write(
    `promos/${name}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700" viewBox="0 0 1600 700"><defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${name === "hero-caravans" ? "#f4a261" : "#30363d"}"/><stop offset="1" stop-color="${name === "hero-caravans" ? "#8d4a1e" : "#0d1117"}"/></linearGradient></defs><rect width="1600" height="700" fill="url(#s)"/><rect y="560" width="1600" height="140" fill="rgba(0,0,0,0.3)"/></svg>`,
  );
}
// Banners on the pages of the group's own brands (larger than the brand tiles, in the brand's colour).
const brandBanners = [
  { slug: "4x4-outdoor", name: "4x4 Outdoor", colour: "#6a482c" },
  { slug: "finance-and-insurance", name: "Finance & Insurance", colour: "#5a2c79" },
  { slug: "neotek", name: "Neotek", colour: "#b0141e" },
  { slug: "twg-cars", name: "TWG Cars", colour: "#0b5cab" },
  { slug: "twg-rental", name: "TWG Rental", colour: "#2e6a3c" },
  { slug: "twg-tyres", name: "TWG Tyres", colour: "#333a44" },
];
for (const b of brandBanners) {
  const name: TextRun = { text: b.name, x: 60, y: 170, size: 64, weight: 700, fill: "#ffffff" };
  write(
    `brands/banners/${b.slug}.svg`,
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300" viewBox="0 0 1200 300">${words(name)}<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.colour}"/><stop offset="1" stop-color="#111418"/></linearGradient></defs><rect width="1200" height="300" fill="url(#g)"/><path d="M0,240 Q300,180 600,230 T1200,210 L1200,300 L0,300 Z" fill="#ffffff" opacity="0.12"/>${outlines(name)}</svg>`,
  );
}

// The certified pre-owned badge shown on eligible cars.
const badge: TextRun[] = [
  { text: "CERTIFIED", x: 40, y: 17, size: 11, weight: 700, letterSpacing: 0.5, fill: "#ffffff" },
  { text: "PRE-OWNED", x: 40, y: 31, size: 11, weight: 700, letterSpacing: 0.5, fill: "#d4af37" },
];
write(
  "badges/certified-pre-owned.svg",
  `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40" role="img" aria-label="Certified Pre-Owned">${words(...badge)}<rect x="1" y="1" width="158" height="38" rx="6" fill="#0b3d2e" stroke="#d4af37" stroke-width="2"/><g transform="translate(20 20)"><circle r="13" fill="#d4af37"/><path d="M-6 0l4 4 8-9" fill="none" stroke="#0b3d2e" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></g>${outlines(...badge)}</svg>`,
);
console.log("sample assets written");
