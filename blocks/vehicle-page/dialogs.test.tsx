// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { leadsFetch, option, testConfig } from "@/blocks/shared/forms/test-helpers";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { LeadDialogLink } from "@/blocks/shared/vehicle-page/client/LeadDialogLink";
import { closeLeadDialog } from "@/blocks/shared/vehicle-page/client/lead-dialog-store";
import { LeadDialogHost } from "./client/LeadDialogHost";
import { StickyBars } from "./client/StickyBars";
import { carLeadContext, findSimilarMessage } from "./domain/lead";

afterEach(() => {
  act(() => closeLeadDialog());
  cleanup();
  vi.restoreAllMocks();
});

const OK = { status: 201, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Complete", form_completed: true } };
const car = testCar({ location: testLocation({ id: 2, name: "Logan Motors" }) });
const title = "2021 Toyota RAV4 GX";

function page(hooks: { fetchImpl?: typeof fetch; navigate?: (p: string) => void } = {}) {
  return render(
    <>
      <LeadDialogLink kind="enquire" href="/contact?car_id=1#enquiry">
        Enquire Now
      </LeadDialogLink>
      <LeadDialogLink kind="test-drive" href="/book-test-drive/?car_id=1">
        Book a Test Drive
      </LeadDialogLink>
      <LeadDialogLink kind="request-photos" href="/contact?car_id=1&category=request-photos#enquiry">
        Request More Photos
      </LeadDialogLink>
      <LeadDialogLink kind="find-similar" href="/contact?car_id=1&category=find-similar#enquiry">
        Find Me Something Similar
      </LeadDialogLink>
      <LeadDialogHost
        config={testConfig({ locations: [option(1, "Springwood Motors", "Springwood"), option(2, "Logan Motors", "Logan")] })}
        car={carLeadContext(car, title)}
        extraFields={{ "Vehicle Year": 2021 }}
        findSimilarMessage={findSimilarMessage(car, title)}
        post={{ fetchImpl: hooks.fetchImpl, retries: 0 }}
        navigate={hooks.navigate}
      />
    </>,
  );
}

function fillContact() {
  for (const [n, v] of Object.entries({ name: "Jo", last_name: "Citizen", email: "jo@example.com", phone: "0412345678", postcode: "4000" }))
    fireEvent.change(document.querySelector(`dialog[open] [name="${n}"]`)!, { target: { value: v } });
}

describe("vehicle page lead dialogs", () => {
  it("keep a no-JS link and render no dialog until one is asked for", () => {
    page();
    const link = screen.getByRole("link", { name: "Enquire Now" });
    expect(link.getAttribute("href")).toBe("/contact?car_id=1#enquiry");
    expect(link.getAttribute("aria-haspopup")).toBe("dialog");
    expect(document.querySelector("dialog")).toBeNull();
  });

  it("open the enquiry dialog from its button and send a lead with the car's fields", { timeout: 30_000 }, async () => {
    const { impl, calls } = leadsFetch([OK]);
    const navigate = vi.fn();
    page({ fetchImpl: impl, navigate });
    fireEvent.click(screen.getByRole("link", { name: "Enquire Now" }));
    // The first open imports the dialogs' code (slow the first time under vitest's transform).
    const heading = await screen.findByRole("heading", { name: `Enquire – ${title}` }, { timeout: 15_000 });
    expect(heading.closest("dialog")!.open).toBe(true);
    // The car's location (one of two) is preselected.
    fillContact();
    fireEvent.change(document.querySelector('dialog[open] [name="message"]')!, { target: { value: "Is it still available?" } });
    fireEvent.submit(document.querySelector("dialog[open] form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      form: "enquiry",
      category: "Used Car Enquiry",
      car_id: 1,
      stock_number: "ST1001",
      "Vehicle Make": "Toyota",
      "Vehicle Model": "RAV4",
      "Vehicle Year": 2021,
      car_type: "used",
      vehicle_status: "in_stock",
      car_dealership_id: 101,
      location_id: 2,
    });
  });

  it("open the test drive and request photos dialogs", async () => {
    page();
    fireEvent.click(screen.getByRole("link", { name: "Book a Test Drive" }));
    expect(await screen.findByRole("heading", { name: `Book a test drive – ${title}` })).toBeTruthy();
    expect(document.querySelector('dialog[open] form[data-form="test-drive"]')).not.toBeNull();
    fireEvent.click(screen.getAllByRole("button", { name: "Close" }).find((b) => b.closest("dialog")?.open)!);
    await waitFor(() => expect(document.querySelector("dialog[open]")).toBeNull());
    fireEvent.click(screen.getByRole("link", { name: "Request More Photos" }));
    expect(await screen.findByRole("heading", { name: `Request photos – ${title}` })).toBeTruthy();
    expect(document.querySelector('dialog[open] form[data-form="request-photos"]')).not.toBeNull();
  });

  it("'Find Me Something Similar' opens the enquiry with a prefilled message", async () => {
    page();
    fireEvent.click(screen.getByRole("link", { name: "Find Me Something Similar" }));
    await screen.findByRole("heading", { name: "Find me something similar" });
    const message = document.querySelector('dialog[open] [name="message"]') as HTMLTextAreaElement;
    expect(message.value).toBe(`I'm interested in the ${title} (stock no. ST1001), which is no longer available. Please let me know about similar vehicles.`);
  });

  it("a modified click follows the link (new tab) instead of opening the dialog", () => {
    page();
    const link = screen.getByRole("link", { name: "Enquire Now" });
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it("the sticky bar's dialog actions open the dialog too", async () => {
    render(
      <>
        <StickyBars
          title={title}
          priceText="$32,990"
          headerAction={{ label: "Enquire Now", href: "/contact?car_id=1#enquiry", dialog: "enquire" }}
          barActions={[{ label: "Book a Test Drive", href: "/book-test-drive/?car_id=1", dialog: "test-drive" }]}
          scrolledBarActions={null}
        />
        <LeadDialogHost config={testConfig()} car={carLeadContext(car, title)} findSimilarMessage="" />
      </>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Book a Test Drive" }));
    expect(await screen.findByRole("heading", { name: `Book a test drive – ${title}` })).toBeTruthy();
  });

  it("the dialogs' code is not imported with the page (loaded on first open)", () => {
    const files = [
      "vehicle-page/client/LeadDialogHost.tsx",
      "shared/vehicle-page/client/LeadDialogLink.tsx",
      "shared/vehicle-page/client/lead-dialog-store.ts",
      "vehicle-page/client/StickyBars.tsx",
      "vehicle-page/VehiclePage.tsx",
      "vehicle-sidebar/VehicleSidebar.tsx",
    ];
    for (const file of files) {
      const source = readFileSync(path.join(process.cwd(), "blocks", file), "utf8");
      expect(source, file).not.toMatch(
        /^import (?!type)[^;]*from "(\.\/LeadDialogs|@\/blocks\/shared\/vehicle-page\/client\/LeadDialogs|@\/blocks\/shared\/forms(\/dialogs.*|\/LeadForm|\/index)?)";/m,
      );
    }
  });
});
