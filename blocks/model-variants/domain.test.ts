import { describe, expect, it } from "vitest";
import { variantAction } from "./domain";

describe("variant card button", () => {
  it("registers interest for a coming_soon model and books a test drive otherwise", () => {
    expect(variantAction({ status: "coming_soon" })).toEqual({ label: "Register Interest", href: "#register-interest-form", inPage: true });
    expect(variantAction({ status: "available" })).toEqual({ label: "Test Drive", href: "/book-test-drive", inPage: false });
    expect(variantAction({})).toMatchObject({ label: "Test Drive" });
  });
});
