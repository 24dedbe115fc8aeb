import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cleanText,
  readCarType,
  readDate,
  readDrive,
  readEngineSize,
  readMoney,
  readOdometer,
  readPhotos,
  readPriceType,
  readStatus,
  readVin,
  readYear,
  simpleBody,
  simpleFuel,
  simpleTransmission,
  gearCount,
} from "./values";

const value = <T>(r: { ok: true; value: T } | { ok: false; problem: string }) => (r.ok ? r.value : `! ${r.problem}`);

describe("cleanText", () => {
  it("makes NFC, plain spaces, no invisible or control characters, trimmed", () => {
    expect(cleanText("\ufeff\u00a0Glacier\u2009 White\u200b\t ")).toBe("Glacier White");
    expect(cleanText("Cafe\u0301")).toBe("Café");
    expect(cleanText("A\u0007B")).toBe("AB");
  });
});

describe("readMoney", () => {
  it("reads dollars with $, spaces, commas and cents, and POA", () => {
    expect(value(readMoney("$12,990.00"))).toEqual({ dollars: 12990, poa: false });
    expect(value(readMoney(" 12 990 "))).toEqual({ dollars: 12990, poa: false });
    expect(value(readMoney("AUD 38990.5"))).toEqual({ dollars: 38990.5, poa: false });
    expect(value(readMoney("$42,990 DAP"))).toEqual({ dollars: 42990, poa: false });
    expect(value(readMoney("POA"))).toEqual({ dollars: 0, poa: true });
  });
  it("refuses negatives and words, saying what to write", () => {
    expect(value(readMoney("-500"))).toMatch(/cannot be negative/);
    expect(value(readMoney("twelve grand"))).toMatch(/^! is not a price: write the amount in dollars/);
    expect(value(readMoney("1,23,456"))).toMatch(/is not a price/);
  });
  it("reads back any amount in cents however it is written (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_99 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom("", " ", "AUD "),
        (cents, grouped, dollarSign, prefix) => {
          const whole = Math.floor(cents / 100);
          const wholeText = grouped ? whole.toLocaleString("en-AU") : String(whole);
          const text = `${prefix}${dollarSign ? "$" : ""}${wholeText}.${String(cents % 100).padStart(2, "0")}`;
          expect(value(readMoney(text))).toEqual({ dollars: cents / 100, poa: false });
        },
      ),
    );
  });
});

describe("odometer, year, engine", () => {
  it("reads kilometres written with km, commas and spaces", () => {
    expect(value(readOdometer("45,210 km"))).toBe(45210);
    expect(value(readOdometer("15 300 kms"))).toBe(15300);
    expect(value(readOdometer("3,000,000"))).toMatch(/more than 2,000,000/);
    expect(value(readOdometer("low"))).toMatch(/is not an odometer reading/);
  });
  it("reads four-digit years only", () => {
    expect(value(readYear("2019"))).toBe(2019);
    expect(value(readYear("2019.0"))).toBe(2019);
    expect(value(readYear("20119"))).toBe("! is not a year: write the four-digit model year, such as 2019");
    expect(value(readYear("1899"))).toMatch(/is not a year/);
  });
  it("reads engine sizes in cc or litres", () => {
    expect(value(readEngineSize("1998cc"))).toBe(1998);
    expect(value(readEngineSize("2.0L"))).toBe(2000);
    expect(value(readEngineSize("2.5"))).toBe(2500);
  });
});

describe("words", () => {
  it("reads condition words and letters", () => {
    expect(["N", "new", "Demo", "D", "u", "Used", "Pre-Owned", "Demonstrator"].map((w) => value(readCarType(w)))).toEqual([
      "new",
      "new",
      "demo",
      "demo",
      "used",
      "used",
      "used",
      "demo",
    ]);
    expect(value(readCarType("X"))).toMatch(/New, Demo or Used/);
  });
  it("reads status words; Hold keeps the car in stock, reserved", () => {
    expect(value(readStatus("In Stock"))).toEqual({ status: "in_stock" });
    expect(value(readStatus("SOLD"))).toEqual({ status: "sold" });
    expect(value(readStatus("Hold"))).toEqual({ status: "in_stock", reserved: true });
    expect(value(readStatus("In Transit"))).toEqual({ status: "coming_soon" });
    expect(value(readStatus("maybe"))).toMatch(/is not a status/);
  });
  it("reads price types", () => {
    expect(["Drive Away", "DAP", "egc", "+ORC", "Plus On-Road Costs", "POA"].map((w) => value(readPriceType(w)))).toEqual([
      "DAP",
      "DAP",
      "EGC",
      "ORC",
      "ORC",
      "POA",
    ]);
  });
  it("reads drive types and VINs", () => {
    expect(value(readDrive("4x4"))).toBe("4WD");
    expect(value(readDrive("All Wheel Drive"))).toBe("AWD");
    expect(value(readVin("jtmw1rfv10d012345"))).toBe("JTMW1RFV10D012345");
    expect(value(readVin("JTMW1RFV10D01234O"))).toMatch(/without I, O or Q/);
  });
  it("derives the filter's families from descriptions", () => {
    expect(simpleTransmission("CVT Automatic")).toBe("Automatic");
    expect(simpleTransmission("6sp Man")).toBe("Manual");
    expect(gearCount("10 Speed Automatic")).toBe(10);
    expect(simpleFuel("Hybrid (Petrol/Electric)")).toBe("Hybrid");
    expect(simpleFuel("Premium Unleaded")).toBe("Petrol");
    expect(simpleBody("Dual Cab Pick-up")).toBe("ute");
    expect(simpleBody("Hatchback")).toBe("hatch");
    expect(simpleBody("Cab Chassis")).toBe("cabChassis");
  });
});

describe("readPhotos", () => {
  it("splits by the separator, or the first that splits the cell, and sets apart what is not an address", () => {
    expect(readPhotos("https://a.example/1.jpg|https://a.example/2.jpg", "auto").urls).toHaveLength(2);
    expect(readPhotos("https://a.example/1.jpg\nhttps://a.example/2.jpg\nhttps://a.example/1.jpg", "auto").urls).toHaveLength(2);
    expect(readPhotos("https://a.example/1.jpg, https://a.example/2.jpg", ",")).toEqual({
      urls: ["https://a.example/1.jpg", "https://a.example/2.jpg"],
      notUrls: [],
    });
    expect(readPhotos("https://a.example/1.jpg|img2.jpg", "|")).toEqual({ urls: ["https://a.example/1.jpg"], notUrls: ["img2.jpg"] });
  });
});

describe("readDate", () => {
  it("reads Australian, US and ISO orders, month names and spreadsheet day numbers", () => {
    expect(value(readDate("03/02/2024", "dmy"))).toBe("2024-02-03");
    expect(value(readDate("03/02/2024", "mdy"))).toBe("2024-03-02");
    expect(value(readDate("2024-02-03", "mdy"))).toBe("2024-02-03");
    expect(value(readDate("3.2.24", "dmy"))).toBe("2024-02-03");
    expect(value(readDate("3 Feb 2024", "dmy"))).toBe("2024-02-03");
    expect(value(readDate("Feb 3, 2024", "dmy"))).toBe("2024-02-03");
    expect(value(readDate("45325", "dmy"))).toBe("2024-02-03");
    expect(value(readDate("03/02/2024 10:30", "dmy"))).toBe("2024-02-03");
  });
  it("refuses impossible dates, with the order to write", () => {
    expect(value(readDate("31/02/2024", "dmy"))).toBe("! is not a date: write it as 31/01/2024");
    expect(value(readDate("13/13/2024", "mdy"))).toBe("! is not a date: write it as 01/31/2024");
  });
  it("reads back any day written in the profile's order (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1950-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
        fc.constantFrom("dmy", "mdy", "ymd"),
        fc.constantFrom("/", ".", "-"),
        (d, order, sep) => {
          const [y, m, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
          const iso = `${y}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
          const parts = order === "dmy" ? [day, m, y] : order === "mdy" ? [m, day, y] : [y, m, day];
          expect(value(readDate(parts.join(sep), order as "dmy"))).toBe(iso);
        },
      ),
    );
  });
});
