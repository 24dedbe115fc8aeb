import { describe, expect, it } from "vitest";
import { CARD_IMAGE_WIDTHS } from "@/blocks/shared/vehicle-card/card-model";
import { ADJUSTMENT_QUESTIONS_CLIENT } from "@/blocks/trade-in-form/questions";
import { IMAGE_WIDTHS } from "@/blocks/vehicle-viewer/domain/gallery";
import { keptOnDisk } from "@/runtime/images/vehicle-image";
import { DEFAULT_IMAGE_QUALITY, DEFAULT_IMAGE_WIDTH } from "@/runtime/images/vehicle-image-url";
import { ADJUSTMENT_QUESTIONS } from "@/runtime/leads/valuation";

// Facts that runtime/ and blocks/ each hold for their own side (runtime/ never imports blocks/),
// checked against each other here.

describe("runtime and blocks agree", () => {
  it("the picture disk cache keeps every width and quality the pages ask for", () => {
    for (const w of [...IMAGE_WIDTHS, ...CARD_IMAGE_WIDTHS, DEFAULT_IMAGE_WIDTH]) expect(keptOnDisk(w, DEFAULT_IMAGE_QUALITY), `width ${w}`).toBe(true);
  });

  it("the trade-in form's browser copy matches the server's questions", () => {
    expect(ADJUSTMENT_QUESTIONS_CLIENT.map((q) => [q.id, q.question, q.options])).toEqual(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.question, q.options]));
  });
});
