import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { checkFavourite, favouriteImagePath, toFavourite } from "./favourite";

describe("favouriteImagePath: a picture's path on this site only", () => {
  it.each([
    ["/api/images/vehicle/suv/blue/front-34.webp?w=640&q=75", "/api/images/vehicle/suv/blue/front-34.webp?w=640&q=75"],
    ["/dealers/harbour/logo.png", "/dealers/harbour/logo.png"],
    ["/a/../b.jpg", "/b.jpg"],
  ])("accepts %j as %j", (value, path) => {
    expect(favouriteImagePath(value)).toBe(path);
  });

  it.each([
    "//evil.example/x.jpg",
    "https://evil.example/x.jpg",
    "http://evil.example/x.jpg",
    "/\\evil.example/x.jpg",
    "/\t/evil.example/x.jpg",
    "/..//evil.example/x.jpg",
    "/.//evil.example/x.jpg",
    "x.jpg",
    "javascript:alert(1)",
    "data:image/png;base64,AAAA",
    "",
    42,
    null,
  ])("refuses %j", (value) => {
    expect(favouriteImagePath(value)).toBeNull();
  });

  it("never gives a path a browser would fetch from another host", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("/", "\\", ".", "..", "evil.example", "%2f", "%5c", "\t", "x", ":", "?", "#", "@"), { maxLength: 8 }), (parts) => {
        const path = favouriteImagePath(parts.join(""));
        if (path === null) return;
        expect(new URL(path, "https://dealer.example").host).toBe("dealer.example");
        expect(path.startsWith("//")).toBe(false);
      }),
    );
  });
});

describe("toFavourite: what the browser stored, leniently", () => {
  it("leaves out a foreign picture but keeps the car", () => {
    expect(toFavourite({ id: 7, name: "Car", slug: "car-7", make: "A", model: "B", primary_image_url: "//evil.example/x.jpg" })).toEqual({
      id: 7,
      name: "Car",
      slug: "car-7",
      make: "A",
      model: "B",
      primary_image_url: null,
    });
  });
  it("refuses an entry without a car id", () => {
    expect(toFavourite({ id: 0 })).toBeNull();
    expect(toFavourite({ id: 2_147_483_648 })).toBeNull();
    expect(toFavourite([7])).toBeNull();
  });
});

describe("checkFavourite: what a request sends, strictly", () => {
  it("names each field at fault", () => {
    expect(checkFavourite({ id: "7", slug: "Bad Slug", name: 3, primary_image_url: "https://evil.example/x.jpg" }, "add[0]")).toEqual({
      ok: false,
      errors: [
        { field: "add[0].id", message: "Must be a car id: a whole number from 1 to 2147483647." },
        { field: "add[0].name", message: "Must be text." },
        { field: "add[0].slug", message: "Only lower-case letters, digits and hyphens." },
        {
          field: "add[0].primary_image_url",
          message: "Must be a picture's path on this site, starting with a single '/' (such as /api/images/…), not another site's address.",
        },
      ],
    });
  });
  it("takes a favourite whose fields fit", () => {
    expect(checkFavourite({ id: 7, slug: "car-7", primary_image_url: null }, "add[0]")).toEqual({
      ok: true,
      value: { id: 7, name: "", slug: "car-7", make: "", model: "", primary_image_url: null },
    });
  });
});
