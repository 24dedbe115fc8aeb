import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Link } from "@/runtime/ui/link";
import { BackToVehicle } from "./BackToVehicle";

describe("BackToVehicle", () => {
  it("links to the car's page without prefetching it (the vehicle page's code stays off the payment page's load)", () => {
    const element = BackToVehicle({ slug: "2022-kia-niro s" });
    // The platform's Link, which never prefetches (runtime/ui/link.tsx).
    expect(element.type).toBe(Link);
    expect(renderToStaticMarkup(element)).toBe('<a href="/cars/2022-kia-niro%20s">Back to the vehicle</a>');
  });
});
