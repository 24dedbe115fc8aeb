import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify, the platform's one slug rule", () => {
  it("keeps the car slugs the demo stock has (accents dropped, '+' as plus)", () => {
    expect(slugify("2024 Yamaha Ténéré 700 World Raid")).toBe("2024-yamaha-tenere-700-world-raid");
    expect(slugify("Kia Cerato Sport+")).toBe("kia-cerato-sport-plus");
    expect(slugify("2023 Nissan Leaf e+")).toBe("2023-nissan-leaf-e-plus");
  });

  it("keeps the make and model segments search URLs use", () => {
    expect(slugify("Mercedes-Benz")).toBe("mercedes-benz");
    expect(slugify("Range Rover Sport")).toBe("range-rover-sport");
    expect(slugify("Škoda")).toBe("skoda");
    expect(slugify("CX-5")).toBe("cx-5");
    expect(slugify("Land & Sea")).toBe("land-and-sea");
  });

  it("turns compatibility characters into their plain letters and trims hyphens", () => {
    expect(slugify("ＧＴ Line²")).toBe("gt-line2");
    expect(slugify("  --Omoda 5--  ")).toBe("omoda-5");
    expect(slugify("!!!")).toBe("");
  });
});
