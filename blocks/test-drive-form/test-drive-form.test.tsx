// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { formSite } from "@/blocks/shared/forms/site-fixture";
import { leadsFetch, testConfig } from "@/blocks/shared/forms/test-helpers";
import { RequestPhotosDialog, TestDriveDialog } from "@/blocks/shared/forms/dialogs";
import block from "./index";
import { TestDriveForm } from "./TestDriveForm";
import { blockProps } from "@/tests/helpers/block-props";

afterEach(cleanup);
const OK = { status: 201, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Complete", form_completed: true } };

describe("test-drive-form block and dialogs", () => {
  it("renders the form with optional message, date and time and the site's terms", () => {
    expect(block.component).toBe(TestDriveForm);
    const out = renderToStaticMarkup(
      <>
        {TestDriveForm({
          props: blockProps("test-drive-form"),
          data: undefined,
          dataFailed: false,
          site: formSite({ forms: { testDrive: { termsText: "Drivers must hold a full licence." } } }),
          slots: {},
        })}
      </>,
    );
    expect(out).toMatch(/<h2[^>]*>Book your test drive<\/h2>/);
    expect(out).toContain('name="date"');
    expect(out).toContain("Choose a date to see the available times.");
    expect(out).toMatch(/Message<span[^>]*> \(optional\)/);
    expect(out).toContain("Drivers must hold a full licence.");
    expect(out).toContain('data-form="test-drive"');
  });

  it("TestDriveDialog: native dialog, sends a Test Drive lead with the car, event 48 for a used car", async () => {
    const { impl, calls } = leadsFetch([OK]);
    const navigate = vi.fn();
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
    render(
      <TestDriveDialog
        config={testConfig()}
        car={{ car_id: 42, car_type: "used", make: "Mazda", model: "CX-5", name: "2021 Mazda CX-5" }}
        post={{ fetchImpl: impl }}
        navigate={navigate}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Book a Test Drive" }));
    expect(screen.getByRole("heading", { name: "Book a test drive – 2021 Mazda CX-5" })).toBe(document.activeElement);
    for (const [n, v] of Object.entries({ name: "Jo", email: "jo@example.com", phone: "0412345678", postcode: "4000" }))
      fireEvent.change(document.querySelector(`[name="${n}"]`)!, { target: { value: v } });
    fireEvent.submit(document.querySelector("dialog form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      form: "test-drive",
      category: "Test Drive",
      car_id: 42,
      car_type: "used",
      "Vehicle Make": "Mazda",
    });
    expect((window as unknown as { dataLayer: Array<{ event_id: number }> }).dataLayer).toContainEqual(expect.objectContaining({ event_id: 48 }));
    expect(localStorage.getItem("successCategory")).toBe("Test Drive");
  });

  it("RequestPhotosDialog: controlled, hidden default message; Escape/close returns", () => {
    const onOpenChange = vi.fn();
    const { rerender } = render(<RequestPhotosDialog config={testConfig()} open onOpenChange={onOpenChange} />);
    expect(screen.queryByRole("button", { name: "Request Photos" })).toBeNull();
    expect(document.querySelector("dialog")!.open).toBe(true);
    expect(document.querySelector('dialog [name="message"]')).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    rerender(<RequestPhotosDialog config={testConfig()} open={false} onOpenChange={onOpenChange} />);
    expect(document.querySelector("dialog")!.open).toBe(false);
  });
});
