// @vitest-environment jsdom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";

vi.mock("./client/SpinViewer", () => ({ default: () => <p data-testid="spin-viewer">spinning</p> }));
const { GalleryShell } = await import("./client/GalleryShell");

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Moves the fake clock on inside act, so the effects the timers trigger are applied. */
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

const slides = Array.from({ length: 6 }, (_, i) => ({
  kind: "image" as const,
  image: { src: `/a${i}.webp`, srcSet: undefined, alt: `picture ${i + 1}`, thumb: `/t${i}.webp` },
}));

describe("GalleryShell with the 360 spin as the default view", () => {
  it("shows the server's first frame through the page's load and starts the spin once the browser is idle", async () => {
    vi.useFakeTimers();
    render(
      <GalleryShell
        title="Car"
        slides={slides as never}
        views={["spinner", "gallery"]}
        initialView="spinner"
        showThumbnails={false}
        thumbnailsScroll={false}
        spinFrames={["/s0.webp", "/s1.webp"]}
        exteriorHotspots={[]}
        interior={null}
        walkaround={null}
        autoRotate
        spinIntervalMs={100}
      >
        <img alt="server first frame" src="/s0.webp" />
      </GalleryShell>,
    );
    expect(screen.getByAltText("server first frame")).toBeTruthy();
    // jsdom has no requestIdleCallback: the fallback is a 200 ms timer after load. Just before it,
    // nothing has started (the spin's code would have arrived by now were it loaded at once).
    await advance(199);
    expect(screen.queryByTestId("spin-viewer")).toBeNull();
    expect(screen.getByAltText("server first frame")).toBeTruthy();
    await advance(1);
    await vi.waitFor(() => expect(screen.getByTestId("spin-viewer")).toBeTruthy());
  });

  it("gives the thumbnail buttons their pictures once the page has loaded", async () => {
    vi.useFakeTimers();
    const { container } = render(
      <GalleryShell
        title="Car"
        slides={slides as never}
        views={["gallery"]}
        initialView="gallery"
        showThumbnails
        thumbnailsScroll
        spinFrames={[]}
        exteriorHotspots={[]}
        interior={null}
        walkaround={null}
        autoRotate={false}
        spinIntervalMs={100}
      >
        <img alt="server picture" src="/a0.webp" />
      </GalleryShell>,
    );
    expect(screen.getAllByRole("button", { name: /^Show image \d+$/ })).toHaveLength(6);
    expect(container.querySelectorAll('img[src^="/t"]')).toHaveLength(0);
    await advance(400);
    await vi.waitFor(() => expect(container.querySelectorAll('img[src^="/t"]')).toHaveLength(6));
  });
});
