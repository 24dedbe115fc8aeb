import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyInput,
  clampInput,
  DEFAULT_INPUT_RULES,
  helpText,
  inputRulesFor,
  normalisePrice,
  rangeFor,
  resolveInputRules,
  sliderBounds,
  validateInput,
  type InputField,
} from "./input-rules";
import { resolveFinanceSettings, resolveProvider, SAMPLE_FINANCE_SETTINGS, SAMPLE_PREMIUM_SETTINGS, SAMPLE_PROVIDERS } from "./settings";
import { formatCurrency } from "./format";

const rules = DEFAULT_INPUT_RULES;
const sampleSite = resolveFinanceSettings(SAMPLE_FINANCE_SETTINGS);

describe("price / loan amount", () => {
  it("defaults to 1000–100000, step 500", () => {
    expect(rangeFor("price", rules)).toMatchObject({ min: 1000, max: 100000, step: 500 });
  });
  it("is 5000 minimum for certain providers and the brand variant", () => {
    expect(rangeFor("price", inputRulesFor(sampleSite, "prime").rules).min).toBe(5000);
    expect(rangeFor("price", inputRulesFor(sampleSite, "brand").rules).min).toBe(5000);
    expect(rangeFor("price", inputRulesFor(sampleSite, "standard").rules).min).toBe(1000);
  });
  it("allows 105% of the car price when the car costs more than 100000 on that config", () => {
    const brand = inputRulesFor(sampleSite, "brand").rules;
    expect(rangeFor("price", brand, 120000).max).toBe(126000);
    expect(rangeFor("price", brand, 100000).max).toBe(100000);
    expect(rangeFor("price", brand, 50000).max).toBe(100000);
    expect(rangeFor("price", brand).max).toBe(100000);
  });
  it("always covers the car being viewed, so its own price is never refused", () => {
    // Configs without the 105% rule reach exactly the car's price, in whole dollars.
    expect(rangeFor("price", rules, 139950)).toMatchObject({ min: 1000, max: 139950 });
    expect(rangeFor("price", rules, 139950.4).max).toBe(139951);
    expect(applyInput(rangeFor("price", rules, 139950), 139950).error).toBeNull();
    // A cheap car under a provider's minimum is within reach too.
    const prime = inputRulesFor(sampleSite, "prime").rules;
    expect(rangeFor("price", prime, 3990)).toMatchObject({ min: 3990, max: 100000 });
    // The configured bounds stand when the car is inside them, or there is no car.
    expect(rangeFor("price", rules, 50000)).toMatchObject({ min: 1000, max: 100000 });
    expect(rangeFor("price", rules, null)).toMatchObject({ min: 1000, max: 100000 });
    expect(rangeFor("price", rules, Number.NaN)).toMatchObject({ min: 1000, max: 100000 });
    expect(rangeFor("price", rules, 0)).toMatchObject({ min: 1000, max: 100000 });
    // The 105% rule still lifts past the car's price where it applies.
    expect(rangeFor("price", inputRulesFor(sampleSite, "brand").rules, 139950).max).toBe(146948);
  });
  it("can be 250000 maximum on a site", () => {
    expect(rangeFor("price", resolveInputRules(undefined, { price: { max: 250000 } })).max).toBe(250000);
  });
  it("turns 0 or less into 0", () => {
    expect(normalisePrice(0)).toBe(0);
    expect(normalisePrice(-500)).toBe(0);
    expect(normalisePrice(Number.NaN)).toBe(0);
    expect(normalisePrice(25000)).toBe(25000);
  });
  it("shows the help text, in dollars, instead of clamping a typed price", () => {
    const range = rangeFor("price", rules);
    expect(applyInput(range, 500)).toEqual({ value: 500, error: "Cannot be less than $1,000 or more than $100,000" });
    expect(applyInput(range, 150000)).toEqual({ value: 150000, error: "Cannot be less than $1,000 or more than $100,000" });
    expect(applyInput(range, -3)).toEqual({ value: 0, error: "Cannot be less than $1,000 or more than $100,000" });
    expect(applyInput(range, 30000)).toEqual({ value: 30000, error: null });
    expect(applyInput(range, 1000).error).toBeNull();
    expect(applyInput(range, 100000).error).toBeNull();
  });
});

describe("help text", () => {
  it("keeps the spec's shape with plain numbers", () => {
    expect(helpText(1000, 100000)).toBe("Cannot be less than 1000 or more than 100000");
    expect(helpText(5000, 126000)).toBe("Cannot be less than 5000 or more than 126000");
    expect(helpText(0.5, 15)).toBe("Cannot be less than 0.5 or more than 15");
  });
  it("writes money the Australian way for the price", () => {
    expect(validateInput(500, rangeFor("price", rules))).toBe("Cannot be less than $1,000 or more than $100,000");
    expect(validateInput(4000, rangeFor("price", inputRulesFor(sampleSite, "brand").rules, 120000))).toBe("Cannot be less than $5,000 or more than $126,000");
  });
  it("validateInput returns it only outside the range", () => {
    const range = rangeFor("rate", rules);
    expect(validateInput(15.5, range)).toBe("Cannot be less than 0.5 or more than 15");
    expect(validateInput(0.4, range)).toBe("Cannot be less than 0.5 or more than 15");
    expect(validateInput(Number.NaN, range)).toBe("Cannot be less than 0.5 or more than 15");
    expect(validateInput(7, range)).toBeNull();
  });
});

describe("term", () => {
  it("is 1–7 years in 0.5 steps by default", () => {
    expect(rangeFor("term", rules)).toMatchObject({ min: 1, max: 7, step: 0.5 });
  });
  it("is at most 5 on some configs", () => {
    expect(rangeFor("term", inputRulesFor(sampleSite, "flexi").rules).max).toBe(5);
  });
  it("can be a custom list, which clamping snaps to", () => {
    const range = rangeFor("term", resolveInputRules(undefined, { term: { options: [5, 1, 3] } }));
    expect(range).toMatchObject({ min: 1, max: 5, options: [1, 3, 5] });
    expect(clampInput(2.2, range)).toBe(3);
    expect(clampInput(1.9, range)).toBe(1);
    expect(clampInput(9, range)).toBe(5);
    expect(clampInput(Number.NaN, range)).toBe(1);
  });
  it("is clamped when typed", () => {
    const range = rangeFor("term", rules);
    expect(applyInput(range, 9)).toEqual({ value: 7, error: null });
    expect(applyInput(range, 0)).toEqual({ value: 1, error: null });
  });
});

describe("interest rate", () => {
  it.each([
    ["standard", 0.5, 15],
    ["prime", 7.5, 14.5],
    ["flexi", 1, 14.5],
    ["broker", 9.95, 19.95],
    ["brand", 4, 20],
  ] as const)("%s allows %s to %s, step 0.5", (id, min, max) => {
    expect(rangeFor("rate", inputRulesFor(sampleSite, id).rules)).toMatchObject({ min, max, step: 0.5, locked: false, hidden: false });
  });
  it("is locked or hidden per site config, and a locked rate ignores typing", () => {
    const premium = resolveFinanceSettings(SAMPLE_PREMIUM_SETTINGS);
    const range = rangeFor("rate", inputRulesFor(premium).rules);
    expect(range.locked).toBe(true);
    expect(applyInput(range, 12, 8.5)).toEqual({ value: 8.5, error: null });
    expect(rangeFor("rate", resolveInputRules(undefined, { rate: { hidden: true } })).hidden).toBe(true);
  });
  it("site rules win over the provider's", () => {
    const r = resolveInputRules(resolveProvider(SAMPLE_PROVIDERS.prime), { rate: { max: 12 } });
    expect(rangeFor("rate", r)).toMatchObject({ min: 7.5, max: 12 });
    expect(r.price.min).toBe(5000);
  });
});

describe("deposit and residual", () => {
  it("are 0–250000", () => {
    expect(rangeFor("deposit", rules)).toMatchObject({ min: 0, max: 250000, hidden: false });
    expect(rangeFor("residual", rules)).toMatchObject({ min: 0, max: 250000, hidden: false });
  });
  it("residual is hidden for some dealers", () => {
    expect(rangeFor("residual", inputRulesFor(sampleSite, "brand").rules).hidden).toBe(true);
    expect(rangeFor("residual", resolveInputRules(undefined, { residual: { hidden: true } })).hidden).toBe(true);
  });
  it("are clamped", () => {
    expect(applyInput(rangeFor("deposit", rules), -10).value).toBe(0);
    expect(applyInput(rangeFor("residual", rules), 300000).value).toBe(250000);
  });
});

describe("sliders", () => {
  it("keep min at least 1 below max", () => {
    expect(sliderBounds({ min: 1000, max: 100000, step: 500 })).toEqual({ min: 1000, max: 100000, step: 500 });
    expect(sliderBounds({ min: 5, max: 5, step: 0.5 })).toEqual({ min: 4, max: 5, step: 0.5 });
    expect(sliderBounds({ min: 6000, max: 5000, step: 500 })).toEqual({ min: 4999, max: 5000, step: 500 });
  });
});

describe("unknown provider", () => {
  it("is loud", () => {
    expect(() => inputRulesFor(sampleSite, "nope")).toThrow(/Unknown finance provider/);
  });
});

describe("properties", () => {
  const field = fc.constantFrom<InputField>("term", "rate", "deposit", "residual");
  const bounds = fc
    .tuple(fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }))
    .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const);

  it("every clamped input lands inside its range, and in-range values are untouched", () => {
    fc.assert(
      fc.property(field, bounds, fc.double({ noNaN: false }), (f, [min, max], v) => {
        const range = rangeFor(f, resolveInputRules(undefined, { [f]: { min, max } }));
        const c = clampInput(v, range);
        expect(c).toBeGreaterThanOrEqual(min);
        expect(c).toBeLessThanOrEqual(max);
        if (Number.isFinite(v) && v >= min && v <= max) expect(c).toBe(v);
        expect(applyInput(range, v).error).toBeNull();
      }),
    );
  });
  it("a typed price is never negative and has help text exactly when outside the range", () => {
    fc.assert(
      fc.property(bounds, fc.double(), ([min, max], v) => {
        const range = rangeFor("price", resolveInputRules(undefined, { price: { min, max } }));
        const { value, error } = applyInput(range, v);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(error === null).toBe(value >= min && value <= max);
        if (error) expect(error).toBe(helpText(min, max, formatCurrency));
      }),
    );
  });
  it("slider min is always at least 1 below max", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), (min, max) => {
        const s = sliderBounds({ min, max, step: 1 });
        expect(s.max - s.min).toBeGreaterThanOrEqual(1);
        expect(s.max).toBe(max);
      }),
    );
  });
});
