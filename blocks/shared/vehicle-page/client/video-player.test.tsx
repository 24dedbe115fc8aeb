// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { VideoPlayer } from "./VideoPlayer";

afterEach(cleanup);

describe("VideoPlayer", () => {
  it("shows a play button instead of the video site's frame until pressed, then plays at once", () => {
    const { container } = render(
      <VideoPlayer video={{ kind: "embed", src: "https://www.youtube-nocookie.com/embed/4E2N46hwa6R" }} title="2026 Kia EV6 video" />,
    );
    expect(container.querySelector("iframe")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Play video: 2026 Kia EV6 video" }));
    const frame = container.querySelector("iframe");
    expect(frame?.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/4E2N46hwa6R?autoplay=1");
    expect(frame?.getAttribute("title")).toBe("2026 Kia EV6 video");
  });

  it("plays any other URL in a video element that downloads nothing until played", () => {
    const { container } = render(<VideoPlayer video={{ kind: "file", src: "https://cdn.example/walkaround.mp4" }} title="Walkaround" />);
    expect(container.querySelector("video")?.getAttribute("preload")).toBe("none");
    expect(screen.queryByTestId("video-facade")).toBeNull();
  });
});
