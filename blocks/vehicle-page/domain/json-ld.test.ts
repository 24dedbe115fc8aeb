import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { availabilityOf, conditionOf, scriptJson, vehicleJsonLd } from "./json-ld";

describe("structured data", () => {
  it("describes the car as Car and Product with an AUD offer", () => {
    const ld = vehicleJsonLd(testCar(), { origin: "https://d.example", url: "https://d.example/cars/x", sellerName: "Dealer" });
    expect(ld).toMatchObject({
      "@type": ["Car", "Product"],
      brand: { "@type": "Brand", name: "Toyota" },
      model: "RAV4",
      vehicleConfiguration: "GX",
      vehicleModelDate: "2021",
      vehicleIdentificationNumber: "JTMW43FV00D123456",
      mileageFromOdometer: { value: 45_210, unitCode: "KMT" },
      fuelType: "Unleaded Petrol",
      vehicleTransmission: "Automatic",
      bodyType: "Wagon",
      color: "White",
      itemCondition: "https://schema.org/UsedCondition",
      offers: { "@type": "Offer", price: 32_990, priceCurrency: "AUD", availability: "https://schema.org/InStock" },
    });
    expect((ld.image as string[])[0]).toBe("https://d.example/api/images/vehicle/suv/white/side.webp?w=640&q=75&v=1");
  });
  it("marks sold, reserved and coming-soon cars, and new ones as new", () => {
    expect(availabilityOf({ status: "sold" })).toBe("https://schema.org/SoldOut");
    expect(availabilityOf({ status: "in_stock", reserved: true })).toBe("https://schema.org/Reserved");
    expect(availabilityOf({ status: "coming_soon" })).toBe("https://schema.org/PreOrder");
    expect(availabilityOf({ status: "unavailable" })).toBe("https://schema.org/OutOfStock");
    expect(conditionOf({ car_type: "new" })).toBe("https://schema.org/NewCondition");
    expect(conditionOf({ car_type: "demo" })).toBe("https://schema.org/UsedCondition");
  });
  it("leaves out the price when none is displayed", () => {
    expect((vehicleJsonLd(testCar({ price: 0 }), { origin: "https://d.example", url: "u" }).offers as Record<string, unknown>).price).toBeUndefined();
  });
  it("escapes '<' so dealer text cannot close the script", () => {
    const json = scriptJson(vehicleJsonLd(testCar({ dealercomments: "</script><script>alert(1)</script> & more" }), { origin: "https://d.example", url: "u" }));
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(json).description).toBe("</script><script>alert(1)</script> & more");
  });
});
