import { describe, expect, it } from "vitest";
import { placeOf, plainMessage } from "./messages";

const schema = (keyword: string, params: Record<string, unknown>, message = "ajv's words") => ({ pointer: "/x", message, source: "schema", keyword, params });

describe("plainMessage", () => {
  it("puts ajv keywords in staff-friendly sentences", () => {
    expect(plainMessage(schema("minLength", { limit: 1 }))).toBe("Enter at least 1 character: this cannot be empty.");
    expect(plainMessage(schema("minLength", { limit: 3 }))).toBe("Enter at least 3 characters.");
    expect(plainMessage(schema("maxLength", { limit: 80 }))).toBe("Use at most 80 characters.");
    expect(plainMessage(schema("enum", { allowedValues: ["Open", "Closed"] }))).toBe("Choose one of: Open, Closed.");
    expect(plainMessage(schema("pattern", { pattern: "^#[0-9a-fA-F]{6}$" }))).toBe("Use a colour like #1a2b3c.");
    expect(plainMessage(schema("pattern", { pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$" }))).toBe("Use a 24-hour time like 08:00 or 17:30.");
    expect(plainMessage(schema("pattern", { pattern: "^\\d{4}-\\d{2}-\\d{2}(T.*)?$" }))).toMatch(/^Use a date like 2025-07-01/);
    expect(plainMessage(schema("type", { type: "integer" }))).toBe("Enter a whole number.");
    expect(plainMessage(schema("minimum", { limit: 0 }))).toBe("Enter 0 or more.");
    expect(plainMessage(schema("maximum", { limit: 6 }))).toBe("Enter 6 or less.");
    expect(plainMessage(schema("minItems", { limit: 1 }))).toBe("Add at least 1 item.");
    expect(plainMessage(schema("required", { missingProperty: "label" }))).toBe('Fill in "label": it is needed here.');
    expect(plainMessage(schema("format", { format: "email" }))).toBe("Enter an email address like sales@example.com.au.");
  });

  it("keeps an unknown pattern's hint and ajv's words for a keyword it does not know", () => {
    expect(plainMessage({ ...schema("pattern", { pattern: "^x+$" }), hint: "must match ^x+$" })).toBe("Use the expected format: must match ^x+$.");
    expect(plainMessage(schema("dependentRequired", {}, "must have property b when a is present"))).toBe("must have property b when a is present");
  });

  it("keeps the rules' messages as they are", () => {
    const rule = { pointer: "/theme/colors/primary", message: "contrast 1.1:1 with primaryContrast; at least 4.5:1 is needed", source: "theme-contrast" };
    expect(plainMessage(rule)).toBe(rule.message);
    expect(plainMessage({ ...rule, hint: "darken it" })).toBe(`${rule.message} (darken it)`);
  });
});

describe("placeOf", () => {
  it("says where a pointer is in words", () => {
    expect(placeOf("/routes/~1about-us/blocks/0/props/heading")).toBe("routes › /about-us › blocks › block 1 › props › heading");
    // An entry's number is its place in the list, not a day of the week.
    expect(placeOf("/locations/0/contact_detail/opening_hours/2/open")).toBe("locations › item 1 › contact_detail › opening_hours › entry 3 › open");
    expect(placeOf("")).toBe("the whole file");
  });

  it("names an entry holding a weekday by the day's name when it has the value", () => {
    const value = { locations: [{ contact_detail: { opening_hours: [{ weekday: 1 }, { weekday: 6 }, {}] } }] };
    expect(placeOf("/locations/0/contact_detail/opening_hours/1/open", value)).toBe("locations › item 1 › contact_detail › opening_hours › Saturday › open");
    expect(placeOf("/locations/0/contact_detail/opening_hours/0", value)).toBe("locations › item 1 › contact_detail › opening_hours › Monday");
    expect(placeOf("/locations/0/contact_detail/opening_hours/2/open", value)).toBe("locations › item 1 › contact_detail › opening_hours › entry 3 › open");
  });
});
