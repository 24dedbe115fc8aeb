// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { InvokerFallback } from "./InvokerFallback";

afterEach(cleanup);

describe("InvokerFallback", () => {
  it("opens and closes the dialog a button names where the browser has no invoker commands", () => {
    // jsdom has neither invoker commands nor a working showModal: stand in for the browser's.
    const proto = HTMLDialogElement.prototype as unknown as { showModal(): void; close(): void };
    proto.showModal = function (this: HTMLDialogElement) {
      this.setAttribute("open", "");
    };
    proto.close = function (this: HTMLDialogElement) {
      this.removeAttribute("open");
    };
    const { container } = render(
      <>
        <button type="button" {...{ commandfor: "d", command: "show-modal" }}>
          Holiday hours
        </button>
        <dialog id="d">
          <button type="button" {...{ commandfor: "d", command: "close" }}>
            Close
          </button>
        </dialog>
        <InvokerFallback />
      </>,
    );
    const [open, close] = container.querySelectorAll("button");
    const dialog = container.querySelector("dialog")!;
    open.click();
    expect(dialog.open).toBe(true);
    close.click();
    expect(dialog.open).toBe(false);
  });
});
