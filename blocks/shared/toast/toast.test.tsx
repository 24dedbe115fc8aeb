// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A fresh toast store (one per page). */
async function fresh() {
  vi.resetModules();
  const store = await import("./toast-store");
  const { ToastHost } = await import("./ToastHost");
  return { ...store, ToastHost };
}

describe("the page's one toast", () => {
  it("removes itself after its time, and a replaced toast's timer does not remove the newer one", async () => {
    const { showToast, toastSnapshot, COPIED_TOAST_MS, TOAST_MS } = await fresh();
    showToast("share", "Copied", { ms: COPIED_TOAST_MS });
    vi.advanceTimersByTime(COPIED_TOAST_MS - 1);
    expect(toastSnapshot()?.text).toBe("Copied");
    vi.advanceTimersByTime(1);
    expect(toastSnapshot()).toBeNull();

    showToast("share", "Copied", { ms: COPIED_TOAST_MS });
    vi.advanceTimersByTime(1_000);
    showToast("watchlist", "Car Saved In Watchlist");
    vi.advanceTimersByTime(COPIED_TOAST_MS);
    expect(toastSnapshot()?.text).toBe("Car Saved In Watchlist");
    vi.advanceTimersByTime(TOAST_MS);
    expect(toastSnapshot()).toBeNull();
  });

  it("is drawn only by the component that raised it; a new toast from another replaces it; Close removes it", async () => {
    const { showToast, ToastHost } = await fresh();
    render(
      <>
        <ToastHost owner="a" testId="toast-a" />
        <ToastHost owner="b" testId="toast-b" />
      </>,
    );
    act(() => showToast("a", "First"));
    expect(screen.getAllByRole("status")).toHaveLength(1);
    expect(screen.getByTestId("toast-a").textContent).toContain("First");
    act(() => showToast("b", "Second", { link: { href: "/watchlist", label: "View List" } }));
    expect(screen.queryByTestId("toast-a")).toBeNull();
    expect(screen.getByRole("link", { name: "View List" }).getAttribute("href")).toBe("/watchlist");
    fireEvent.click(screen.getByRole("button", { name: "Close message" }));
    expect(screen.queryByRole("status")).toBeNull();
  });
});
