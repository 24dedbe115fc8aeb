import { describe, expect, it, vi } from "vitest";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { parseVehicleImagePath } from "@/runtime/images/vehicle-image-url";
import { buildCarPdf, carPdfImage, ownImageOptions, pdfPriceText, pdfText, WARM_PICTURE, warmCarPdf } from "./pdf";

const manifest = {
  name: "Test Motors",
  contact: { phones: { sales: "07 3000 0000" } },
  wording: {},
  locations: [
    {
      id: 11,
      name: "Test Motors Springwood",
      dealership_id: 101,
      address: { street: "1 A St", city: "Springwood", state: "qld", postcode: "4127" },
      contact_detail: { phone: "07 3290 4100" },
    },
  ],
} as never;
const location = testLocation({ phone: "07 3290 4100" });

describe("vehicle PDF", () => {
  it("is a PDF with the title, price, specs, comments as plain text and the dealer", async () => {
    const car = testCar({ dealercomments: "One owner.\n<script>alert(1)</script> & full history", location });
    const pdf = await buildCarPdf({ car, manifest, compress: false, url: "https://test.example/cars/x" });
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // Document info (always uncompressed) and the page text (uncompressed here).
    expect(pdf.toString("latin1")).toContain("(2021 Toyota RAV4 GX)");
    const text = pageText(pdf);
    for (const words of [
      "2021 Toyota RAV4 GX",
      "$32,990",
      "Key information",
      "Odometer",
      "Dealer comments",
      "Contact",
      "Test Motors Springwood",
      "Phone: 07 3290 4100",
      "1 A St, Springwood QLD 4127",
      "Stock No. ST1001",
    ])
      expect(text, words).toContain(words);
    // Dealer text is drawn as written, never interpreted.
    expect(text).toContain("<script>alert(1)</script> & full history");
  });

  it("embeds a photo when given one and compresses by default", async () => {
    const { renderVehicleImage } = await import("@/runtime/images/vehicle-image");
    const { buffer } = await renderVehicleImage({ body: "suv", colour: "white", angle: "side", format: "jpeg", width: 160 });
    const pdf = await buildCarPdf({ car: testCar(), manifest, image: buffer });
    const raw = pdf.toString("latin1");
    expect(raw.startsWith("%PDF")).toBe(true);
    expect(raw).toContain("/Subtype /Image");
    expect(raw).toContain("/Filter /FlateDecode");
    expect(raw).toContain("(2021 Toyota RAV4 GX)");
  });

  it("shows the no-price text, SOLD, and the pending comments", async () => {
    expect(pdfPriceText(testCar({ price: 0 }), { wording: { noPriceText: "Call us for price" } } as never)).toBe("Call us for price");
    expect(pdfPriceText(testCar({ status: "sold" }), {} as never)).toBe("SOLD");
    const pdf = await buildCarPdf({ car: testCar({ dealercomments: "" }), manifest, compress: false });
    expect(pageText(pdf)).toContain("Dealer comments are pending.");
  });

  it("uses the dealer's own pending-comments wording, as the page does", async () => {
    const own = {
      name: "Test Motors",
      contact: { phones: { sales: "07 3000 0000" } },
      wording: { dealerCommentsPending: "Notes from our team coming soon." },
    } as never;
    const pdf = await buildCarPdf({ car: testCar({ dealercomments: "" }), manifest: own, compress: false });
    expect(pageText(pdf)).toContain("Notes from our team coming soon.");
  });

  it("uses only our own image URLs", async () => {
    expect(ownImageOptions("/api/images/vehicle/suv/white/side.webp?w=640&q=75")).toMatchObject({ body: "suv", colour: "white", angle: "side" });
    expect(ownImageOptions("https://cdn.example.com/api/images/vehicle/suv/white/side.webp")).toBeNull();
    expect(ownImageOptions("https://test.example/api/images/vehicle/suv/white/side.webp", ["test.example"])).toMatchObject({ body: "suv" });
    expect(ownImageOptions("//evil.example/api/images/vehicle/suv/white/side.webp")).toBeNull();
    expect(ownImageOptions("/uploads/photo.jpg")).toBeNull();
    expect(await carPdfImage(testCar({ images: [{ image: { url: "https://cdn.example.com/a.jpg" } }] as never }))).toBeNull();
    const jpeg = await carPdfImage(testCar());
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("warms up at start: pdfkit, its fonts and a picture of our own, as the first download would", async () => {
    expect(parseVehicleImagePath([...WARM_PICTURE])).not.toBeNull();
    await expect(warmCarPdf()).resolves.toBeUndefined();
  });

  it("strips control characters from text", () => {
    expect(pdfText("a\u0000b\tc\r\nd\u200be")).toBe("ab c\nde");
  });
});

/** The text of an uncompressed PDF: pdfkit writes each line as a TJ array of hex strings split by kerning offsets. */
function pageText(pdf: Buffer): string {
  const lines = [...pdf.toString("latin1").matchAll(/\[([^\]]*)\] TJ/g)].map((m) =>
    [...m[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1], "hex").toString("latin1")).join(""),
  );
  return lines.join("\n");
}

vi.setConfig({ testTimeout: 20_000 });
