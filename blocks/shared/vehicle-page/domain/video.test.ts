import { describe, expect, it } from "vitest";
import { carVideo, videoSource } from "./video";

describe("stock video", () => {
  it("plays video-site embed URLs in a frame and other URLs in a video element", () => {
    expect(videoSource("https://www.youtube.com/embed/ZQIempMoSb8")).toEqual({ kind: "embed", src: "https://www.youtube-nocookie.com/embed/ZQIempMoSb8" });
    expect(videoSource("https://www.youtube.com/watch?v=Pun6oMEu02t")).toEqual({ kind: "embed", src: "https://www.youtube-nocookie.com/embed/Pun6oMEu02t" });
    expect(videoSource("https://youtu.be/Pun6oMEu02t")?.kind).toBe("embed");
    expect(videoSource("https://media.dealer-cdn.example.com.au/walkaround/ht10084.mp4")).toEqual({
      kind: "file",
      src: "https://media.dealer-cdn.example.com.au/walkaround/ht10084.mp4",
    });
    expect(videoSource("javascript:alert(1)")).toBeNull();
    expect(videoSource("http://insecure.example/v.mp4")).toBeNull();
    expect(videoSource('https://www.youtube.com/embed/bad"id')).toBeNull();
    expect(carVideo({ video_url: null, external_video_url: "https://youtu.be/Pun6oMEu02t" })?.kind).toBe("embed");
  });
});
