import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cardView, imageAtWidth, type CardCar, type CardOptions } from "./card-model";
import { VehicleCard } from "./VehicleCard";
import * as carActions from "./client/car-actions";

const NOW = Date.UTC(2026, 0, 15);
const base: CardCar = {
  objectID: "1",
  id: 1,
  slug: "2022-toyota-rav4-gx-abc",
  year: 2022,
  make: "Toyota",
  model: "RAV4",
  badge: "GX",
  series: "AXAH52R",
  car_type: "used",
  status: "in_stock",
  price: 32990,
  price_type: "DAP",
  km: 55140,
  stocknum: "HT1",
  vin: "jtm123",
  simple_body: "suv",
  simple_transmission: "Automatic",
  dealership_slug: "harbour-toyota",
  location_name: "Harbour Toyota Parramatta",
  views: 498,
  primary_image_url: "/api/images/vehicle/suv/white/front-34.webp?w=640&q=75",
  created_at_timestamp: NOW / 1000 - 30 * 86400,
  youxQuote: { weeklyRepaymentAmount: 158.1, advertisedRate: 6.53, comparisonRate: 7.26 },
};
const options: CardOptions = { nowMs: NOW, wording: { usedKeyword: "Pre-owned", noPriceText: "Call for price." }, favourites: true };

describe("vehicle card model", () => {
  it("titles year make model badge series and shows the default chips", () => {
    const v = cardView(base, options);
    expect(v.title).toBe("2022 Toyota RAV4 GX AXAH52R");
    expect(v.chips.map((c) => c.value)).toEqual(["Pre-owned", "SUV", "55,140 km", "Automatic", "Stock #HT1"]);
    expect(cardView(base, { ...options, chips: ["colour", "year"] }).chips.map((c) => c.key)).toEqual(["year"]);
  });
  it("shows the price only above 10, otherwise the site's no-price text", () => {
    expect(cardView(base, options).price).toMatchObject({ shown: true, text: "$32,990", type: "Drive away" });
    expect(cardView({ ...base, price: 10 }, options).price).toMatchObject({ shown: false, text: "Call for price.", type: null });
  });
  it("shows weekly finance with the rate and its comparison rate, never a rate alone", () => {
    const v = cardView(base, options);
    expect(v.finance).toEqual({ weekly: "$158.10", rate: "6.53% p.a. (comparison rate 7.26% p.a.*)", disclaimerHref: "#finance-disclaimer" });
    const rateAlone = cardView({ ...base, youxQuote: { weeklyRepaymentAmount: 158.1, advertisedRate: 6.53 } }, options).finance;
    expect(rateAlone && "rate" in rateAlone ? rateAlone.rate : "missing").toBeNull();
    expect(cardView({ ...base, status: "sold" }, options).finance).toBeNull();
    expect(cardView(base, { ...options, finance: false }).finance).toBeNull();
  });
  it("shows the subscription price on a subscription site only", () => {
    const car = { ...base, subscription_price: 189 };
    expect(cardView(car, { ...options, subscription: true }).subscription).toBe("Subscribe from $189 per week");
    expect(cardView(car, options).subscription).toBeNull();
    expect(cardView(base, { ...options, subscription: true }).subscription).toBeNull();
  });
  it("shows no finance and no finance link for a Suzuki", () => {
    const v = cardView({ ...base, make: "Suzuki" }, options);
    expect(v.finance).toBeNull();
    expect(v.financeHref).toBeNull();
  });
  it("asks the quote service for a car without a quote only when the site's youxQuote flag is on", () => {
    const unquoted = { ...base, youxQuote: undefined };
    expect(cardView(unquoted, options).finance).toBeNull();
    expect(cardView(unquoted, { ...options, quoteRequests: true }).finance).toEqual({
      request: { selfAssessedCreditScore: "GREAT", purchasePrice: 32990, loanTerm: 5, year: 2022, vin: "jtm123", nvic: "", whoIsHelping: "" },
      disclaimerHref: "#finance-disclaimer",
    });
  });
  it("links to the car and to finance with the spec's query parameters", () => {
    const v = cardView(base, options);
    expect(v.href).toBe("/cars/2022-toyota-rav4-gx-abc");
    expect(v.financeHref).toBe("/finance?preferredDealership=harbour-toyota&vehiclePriceBudget=32990&car_id=1&car_type=used&vin=JTM123#finance-form");
  });
  it("replaces actions with 'Find Me Something Similar' when the car is not available", () => {
    const v = cardView({ ...base, status: "sold" }, options);
    expect(v.available).toBe(false);
    expect(v.financeHref).toBeNull();
    expect(v.findSimilarHref).toContain("find-similar");
    expect(v.tag).toEqual({ kind: "sold", label: "JUST SOLD" });
    expect(v.canFavourite).toBe(false);
  });
  it("takes the tag by the spec's precedence", () => {
    expect(cardView({ ...base, reserved: true, tag: "runout sale" }, options).tag?.label).toBe("RESERVED");
    expect(cardView({ ...base, tag: "runout sale", status: "coming_soon" }, options).tag?.label).toBe("runout sale");
    expect(cardView({ ...base, created_at_timestamp: NOW / 1000 - 86400 }, options).tag?.kind).toBe("new");
  });
  it("sizes images through the image route and keeps other URLs", () => {
    expect(imageAtWidth("/api/images/vehicle/suv/white/front-34.webp?w=640&q=75", 320)).toBe("/api/images/vehicle/suv/white/front-34.webp?w=320&q=75");
    expect(imageAtWidth("https://cdn.example.com/a.jpg", 320)).toBe("https://cdn.example.com/a.jpg");
    expect(cardView({ ...base, primary_image_url: "javascript:alert(1)" }, options).image).toBeNull();
  });
});

describe("vehicle card (render)", () => {
  const html = (car: CardCar, priority = false) => renderToStaticMarkup(<VehicleCard car={car} options={options} priority={priority} actions={carActions} />);
  it("shows the certified badge as its image with alt text, not a text tag", () => {
    const out = renderToStaticMarkup(
      <VehicleCard car={{ ...base, certified: true }} options={{ ...options, certifiedMakes: ["Toyota"] }} actions={carActions} />,
    );
    expect(out).toMatch(/<img[^>]*src="\/badges\/certified-pre-owned.svg"[^>]*alt="Certified Pre-Owned"/);
  });
  it("renders the image with explicit size, the location overlay, views and the disclaimer link", () => {
    const out = html(base, true);
    expect(out).toMatch(/<img[^>]+width="640"[^>]+height="480"[^>]+loading="eager"[^>]+fetchPriority="high"/i);
    expect(out).toContain("Harbour Toyota Parramatta");
    expect(out).toContain("498 views");
    expect(out).toContain('href="#finance-disclaimer"');
    expect(out).toContain("Click for Finance Disclaimer");
    expect(out).toContain("View Details");
    expect(out).toContain("Get Finance");
    expect(out).toContain('aria-pressed="false"');
  });
  it("lazy-loads below the first row and shows the find-similar action for sold cars", () => {
    const out = html({ ...base, status: "sold" });
    expect(out).toMatch(/loading="lazy"/);
    expect(out).toContain("Find Me Something Similar");
    expect(out).not.toContain("Get Finance");
  });
});
