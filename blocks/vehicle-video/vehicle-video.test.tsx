import { describe, expect, it } from "vitest";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

describe("vehicle-video block", () => {
  it("shows the car's video behind a play button", async () => {
    const out = await renderBlock(block, { props: {}, car: testCar({ video_url: "https://youtu.be/Pun6oMEu02t" }) });
    expect(out).toContain('data-section="vdp-video"');
    expect(out).toContain("Play video: 2021 Toyota RAV4 GX video");
    expect(out).not.toContain("<iframe");
  });
  it("is left out for a car without a playable video", async () => {
    expect(await renderBlock(block, { props: {}, car: testCar() })).toBe("");
    expect(await renderBlock(block, { props: {}, car: testCar({ video_url: "http://insecure.example/v.mp4" }) })).toBe("");
  });
});
