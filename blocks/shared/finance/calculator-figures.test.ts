import { afterEach, describe, expect, it, vi } from "vitest";
import { calculatorFiguresSnapshot, publishCalculatorFigures, subscribeCalculatorFigures, withCarriedFigures } from "./calculator-figures";

const figures = { termYears: 3, rate: 9.5, deposit: 5000, residual: 0, frequency: "monthly" as const };

describe("the calculator's figures carried into a link", () => {
  afterEach(() => vi.restoreAllMocks());

  it("a link without figures is unchanged; with them it carries the names the journey reads", () => {
    expect(withCarriedFigures("/checkout-journey?car_id=a-car", null)).toBe("/checkout-journey?car_id=a-car");
    expect(withCarriedFigures("/checkout-journey?car_id=a-car", figures)).toBe(
      "/checkout-journey?car_id=a-car&term=3&rate=9.5&deposit=5000&residual=0&frequency=monthly",
    );
    // Figures already on the link are replaced, not repeated.
    expect(withCarriedFigures("/checkout-journey?car_id=x&term=5", { ...figures, termYears: 2 })).toBe(
      "/checkout-journey?car_id=x&term=2&rate=9.5&deposit=5000&residual=0&frequency=monthly",
    );
  });

  it("subscribers hear each change once; the same figures again are no change", () => {
    const heard = vi.fn();
    const off = subscribeCalculatorFigures(heard);
    publishCalculatorFigures(figures);
    publishCalculatorFigures({ ...figures });
    expect(heard).toHaveBeenCalledTimes(1);
    publishCalculatorFigures({ ...figures, deposit: 6000 });
    expect(heard).toHaveBeenCalledTimes(2);
    expect(calculatorFiguresSnapshot()).toMatchObject({ deposit: 6000 });
    off();
    publishCalculatorFigures({ ...figures, deposit: 7000 });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
