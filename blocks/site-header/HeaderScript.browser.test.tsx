// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { HeaderScript } from "./HeaderScript";
import { HEADER_PRE_HYDRATION_SCRIPT } from "./pre-hydration";

describe("the header's pre-hydration script in the browser", () => {
  it("carries no text of its own (the bundle need not hold it)", async () => {
    const container = document.createElement("div");
    await act(async () => createRoot(container).render(<HeaderScript />));
    expect(container.innerHTML).toBe("<script></script>");
  });

  it("hydrating keeps the server's script as written", async () => {
    const container = document.createElement("div");
    container.innerHTML = `<script>${HEADER_PRE_HYDRATION_SCRIPT}</script>`;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <HeaderScript />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelectorAll("script")).toHaveLength(1);
    expect(container.querySelector("script")!.textContent).toBe(HEADER_PRE_HYDRATION_SCRIPT);
  });
});
