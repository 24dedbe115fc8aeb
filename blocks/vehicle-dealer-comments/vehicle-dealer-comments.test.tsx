import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-dealer-comments block", () => {
  it("escapes the dealer's comments", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ dealercomments: '<img src=x onerror="alert(1)">' }) });
    expect(out).toContain('data-section="vdp-dealer-comments"');
    expect(out).toContain("&lt;img src=x onerror=");
    expect(out).not.toContain("<img src=x");
  });
  it("cuts long comments with 'Show more'", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ dealercomments: "word ".repeat(200) }) });
    expect(out).toContain("…");
    expect(out).toContain(">Show more</button>");
  });
  it("shows the pending message when there are none, in the site's words where it has them", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar({ dealercomments: "" }) })).toContain(
      "Dealer comments are pending. Please check back here later.",
    );
    expect(
      await renderBlock(block, { props: {}, car: testCar({ dealercomments: "" }), manifest: { wording: { dealerCommentsPending: "Coming soon." } } }),
    ).toContain("Coming soon.");
  });
  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: {}, car: null })).toBe("");
  });
});
