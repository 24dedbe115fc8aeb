import { describe, expect, it } from "vitest";
import { notFound, redirect } from "next/navigation";
import { isNotFoundError, newOutcomeGate, notFoundShown, trackPage } from "./page-outcome";

describe("the 404 of a render is drawn in full only when its page is not found", () => {
  it("waits for the page: shown when it ends in notFound()", async () => {
    const gate = newOutcomeGate();
    let fail!: () => void;
    const page = trackPage(() => new Promise<never>((_, reject) => (fail = () => reject(catchOf(() => notFound())))), gate);
    const shown = notFoundShown(gate);
    fail();
    await expect(page).rejects.toSatisfy(isNotFoundError);
    expect(await shown).toBe(true);
  });

  it("is not drawn when the page rendered, nor when it redirected or failed otherwise", async () => {
    const rendered = newOutcomeGate();
    await trackPage(async () => "page", rendered);
    expect(await notFoundShown(rendered)).toBe(false);

    const redirected = newOutcomeGate();
    await expect(trackPage(async () => redirect("/elsewhere"), redirected)).rejects.toThrow();
    expect(await notFoundShown(redirected)).toBe(false);

    const failed = newOutcomeGate();
    await expect(trackPage(async () => Promise.reject(new Error("broken")), failed)).rejects.toThrow("broken");
    expect(await notFoundShown(failed)).toBe(false);
  });

  it("never waits for a page that did not track itself (Next's own 404 route)", async () => {
    expect(await notFoundShown(newOutcomeGate())).toBe(true);
  });

  it("says the page started before its first await", () => {
    const gate = newOutcomeGate();
    void trackPage(() => new Promise(() => undefined), gate);
    expect(gate.started).toBe(true);
  });
});

function catchOf(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
}
