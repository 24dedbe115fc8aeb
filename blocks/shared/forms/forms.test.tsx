// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES } from "@/runtime/leads/messages";
import { LeadForm } from "./LeadForm";
import { leadResolver, toFormErrors } from "./resolver";
import { timeSlots, formatTime, weekdayOf } from "./times";
import { leadAttributes, linkedParamsOf, recordVisit, VISITED_PAGES_KEY } from "./attribution";
import { leadEventId } from "./events";
import { IdempotencyKeys } from "./submit";
import { CONTACT_KEY } from "./storage";
import { formConfig, pickerOptions } from "./config";
import { leadsFetch, option, testConfig } from "./test-helpers";

const OK = { status: 201, body: { lead_id: "7d1f0a36-3c1e-4b7e-9a53-5f3c3f0e9a11", lead_status: "Complete", form_completed: true } };

function fillContact(root: HTMLElement = document.body) {
  const set = (name: string, value: string) => fireEvent.change(root.querySelector(`[name="${name}"]`)!, { target: { value } });
  set("name", "Jamie");
  set("last_name", "Citizen");
  set("email", "jamie@example.com");
  set("phone", "0412 345 678");
  set("postcode", "4000");
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  (window as unknown as { dataLayer?: unknown[] }).dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("resolver", () => {
  it("maps lead errors to the form's fields and strays to root", () => {
    const errors = toFormErrors(
      [
        { field: "postcode", message: MESSAGES.invalidPostcode },
        { field: "dealership_id", message: MESSAGES.selectDealership },
        { field: "PageTitle", message: "Please enter at most 300 characters" },
      ],
      ["postcode", "location_id"],
    ) as Record<string, { message: string }>;
    expect(errors.postcode.message).toBe(MESSAGES.invalidPostcode);
    expect(errors.location_id.message).toBe(MESSAGES.selectDealership);
    expect(errors.root.message).toContain("PageTitle");
  });

  it("a step reports only its own fields", async () => {
    const resolver = leadResolver<Record<string, string>>({ toLead: (v) => ({ form: "parts", category: "Parts", ...v }), fields: () => ["name", "postcode"] });
    const out = await resolver({ name: "", postcode: "12" }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(Object.keys(out.errors).sort()).toEqual(["name", "postcode"]);
    expect((out.errors as Record<string, { message: string }>).postcode.message).toBe(MESSAGES.invalidPostcode);
  });
});

describe("helpers", () => {
  it("time slots come from the opening hours of the date's weekday", () => {
    const hours = [
      { weekday: 1, status: "Open" as const, open: "08:00", close: "10:00" },
      { weekday: 0, status: "Closed" as const },
    ];
    expect(weekdayOf("2026-03-02")).toBe(1);
    expect(timeSlots(hours, "2026-03-02")).toEqual(["08:00", "08:30", "09:00", "09:30"]);
    expect(timeSlots(hours, "2026-03-01")).toEqual([]);
    expect(timeSlots(hours, "")).toEqual([]);
  });

  it("test-drive times follow holiday hours, and Christmas Day has none", () => {
    const hours = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "Open" as const, open: "08:00", close: "10:00" }));
    const holidays = [
      { date: "2026-12-31", status: "Open" as const, open: "08:00", close: "09:00" },
      { date: "2026-12-28", status: "Closed" as const },
    ];
    expect(timeSlots(hours, "2026-12-31", holidays)).toEqual(["08:00", "08:30"]);
    expect(timeSlots(hours, "2026-12-28", holidays)).toEqual([]);
    expect(timeSlots(hours, "2026-12-29", holidays)).toEqual(["08:00", "08:30", "09:00", "09:30"]);
    // Friday 25 December 2026: no times even without a holiday entry.
    expect(timeSlots(hours, "2026-12-25")).toEqual([]);
    expect(formatTime("13:30")).toBe("1:30 pm");
  });

  it("event ids: 14 new, 15 used, 17 test drive, 48 used test drive", () => {
    expect(leadEventId("enquiry", undefined)).toBe(14);
    expect(leadEventId("enquiry", "used")).toBe(15);
    expect(leadEventId("test-drive", "new")).toBe(17);
    expect(leadEventId("test-drive", undefined)).toBe(17);
    expect(leadEventId("test-drive", "used")).toBe(48);
  });

  it("records visited pages and linked query params in the session", () => {
    recordVisit({ pathname: "/", search: "?utm_source=google&utm_medium=cpc&colour=red" });
    recordVisit({ pathname: "/cars/x", search: "" });
    recordVisit({ pathname: "/cars/x", search: "" });
    expect(JSON.parse(sessionStorage.getItem(VISITED_PAGES_KEY)!)).toEqual(["/?utm_source=google&utm_medium=cpc&colour=red", "/cars/x"]);
    expect(leadAttributes()).toEqual({
      visited_pages: ["/?utm_source=google&utm_medium=cpc&colour=red", "/cars/x"],
      linked_query_params: { utm_source: "google", utm_medium: "cpc" },
    });
    expect(linkedParamsOf("?gclid=abc&page=2")).toEqual({ gclid: "abc" });
  });

  it("one idempotency key per body until forgotten", () => {
    const keys = new IdempotencyKeys();
    const a = keys.keyFor("{}");
    expect(keys.keyFor("{}")).toBe(a);
    const b = keys.keyFor('{"x":1}');
    expect(b).not.toBe(a);
    keys.forget();
    expect(keys.keyFor('{"x":1}')).not.toBe(b);
  });

  it("formConfig reads forms and wording with defaults", () => {
    const manifest = {
      name: "M",
      wording: { enquireButton: "Message" },
      features: {},
      forms: { chatBot: { provider: "livechat" }, commentsRequired: false, successPath: "//evil.example" },
      dealerships: [{ id: 1, slug: "d", name: "D" }],
      locations: [
        {
          id: 10,
          name: "A",
          slug: "a",
          dealership_id: 1,
          visible: true,
          location_type: "sales",
          address: { street: "", city: "X", state: "qld", postcode: "4000" },
          contact_detail: { phone: "07 0000 0000" },
        },
        {
          id: 11,
          name: "S",
          slug: "s",
          dealership_id: 1,
          location_type: "service",
          address: { street: "", city: "Y", state: "qld", postcode: "4001" },
          contact_detail: { phone: "07 0000 0000" },
        },
      ],
    } as never;
    const c = formConfig(manifest);
    expect(c.buttonText).toBe("Message Now");
    expect(c.submitText).toBe("Submit Form");
    expect(c.chat).toEqual({ provider: "livechat", label: "Instant Message" });
    expect(c.commentsRequired).toBe(false);
    expect(c.successPath).toBe("/success");
    expect(c.locations.map((l) => l.location_id)).toEqual([10]);
    expect(pickerOptions(manifest, "parts").map((l) => l.location_id)).toEqual([10, 11]);
    expect(formConfig({ ...(manifest as object), forms: { chatBot: { provider: "x", blocked: true } } } as never).chat).toBeNull();
    // The success page is a path on the site: no other host, no control characters.
    expect(formConfig({ ...(manifest as object), forms: { successPath: "/\t/evil.example" } } as never).successPath).toBe("/success");
    expect(formConfig({ ...(manifest as object), forms: { successPath: "/thank-you" } } as never).successPath).toBe("/thank-you");
  });
});

describe("LeadForm", () => {
  it("on a failed submit shows the error summary, focuses it and links to each field", async () => {
    render(<LeadForm config={testConfig({ locations: [option(1, "A Motors", "Springwood"), option(2, "B Motors", "Capalaba")] })} form="enquiry" />);
    fireEvent.change(document.querySelector('[name="postcode"]')!, { target: { value: "12a" } });
    expect((document.querySelector('[name="postcode"]') as HTMLInputElement).value).toBe("12");
    fireEvent.submit(document.querySelector("form")!);
    const summary = await screen.findByTestId("error-warning");
    expect(summary.textContent).toContain(MESSAGES.errorSummary);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    const links = within(summary)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(links).toEqual([
      MESSAGES.selectDealership,
      "Please enter your first name",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      MESSAGES.invalidPostcode,
      "Please enter your comments",
    ]);
    fireEvent.click(within(summary).getByRole("link", { name: MESSAGES.invalidPostcode }));
    expect(document.activeElement).toBe(document.querySelector('[name="postcode"]'));
    expect(document.querySelector('[name="postcode"]')!.getAttribute("aria-invalid")).toBe("true");
    expect(document.querySelector('[name="postcode"]')!.getAttribute("maxlength")).toBe("4");
  });

  it("submits once with an Idempotency-Key, stores the details and category, fires event 14 and goes to /success", async () => {
    const { impl, calls } = leadsFetch([OK]);
    const navigate = vi.fn();
    render(
      <LeadForm
        config={testConfig({ categories: ["General Enquiry", "Careers Enquiry"] })}
        form="enquiry"
        showOptIn
        post={{ fetchImpl: impl, retryDelayMs: 1 }}
        navigate={navigate}
      />,
    );
    fireEvent.change(document.querySelector('[name="category"]')!, { target: { value: "Careers Enquiry" } });
    fillContact();
    fireEvent.change(document.querySelector('[name="message"]')!, { target: { value: "Hello" } });
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/success"));
    expect(calls).toHaveLength(1);
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(calls[0].init.body));
    expect(body).toMatchObject({
      form: "enquiry",
      category: "General Enquiry",
      subcategory: "Career Enquiry",
      name: "Jamie",
      postcode: "4000",
      PreferredContactMethod: "Phone",
      location_id: 1,
      dealership_id: 101,
      message: "Hello",
    });
    expect(body.url).toBe(window.location.href);
    expect(body.company_url).toBeUndefined();
    expect(localStorage.getItem("successCategory")).toBe("General Enquiry");
    expect(JSON.parse(localStorage.getItem(CONTACT_KEY)!)).toMatchObject({ name: "Jamie", email: "jamie@example.com" });
    expect((window as unknown as { dataLayer: Array<{ event_id: number }> }).dataLayer).toContainEqual(expect.objectContaining({ event_id: 14 }));
  });

  it("shows the spinner and disables the button while submitting", async () => {
    let release: (r: Response) => void = () => {};
    const impl = (() => new Promise<Response>((r) => (release = r))) as unknown as typeof fetch;
    render(<LeadForm config={testConfig()} form="test-drive" category="Test Drive" post={{ fetchImpl: impl }} navigate={() => {}} />);
    fillContact();
    fireEvent.submit(document.querySelector("form")!);
    const button = screen.getByRole("button", { name: /Submit Form/ });
    await waitFor(() => expect(button).toHaveProperty("disabled", true));
    expect(button.getAttribute("data-state")).toBe("submitting");
    await act(async () => release(new Response(JSON.stringify(OK.body), { status: 201 })));
    await waitFor(() => expect(button.getAttribute("data-state")).toBe("success"));
  });

  it("on failure alerts, keeps the message as the form error, and a retry reuses the key", async () => {
    const { impl, calls } = leadsFetch([{ status: 500, body: {} }, OK]);
    const alert = vi.fn();
    const navigate = vi.fn();
    render(<LeadForm config={testConfig()} form="contact" post={{ fetchImpl: impl, retries: 0 }} alert={alert} navigate={navigate} />);
    fillContact();
    fireEvent.change(document.querySelector('[name="message"]')!, { target: { value: "Hi" } });
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(alert).toHaveBeenCalledWith(MESSAGES.submitFailed));
    expect(screen.getByRole("alert").textContent).toContain(MESSAGES.submitFailed);
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    const key = (i: number) => (calls[i].init.headers as Record<string, string>)["idempotency-key"];
    expect(key(1)).toBe(key(0));
  });

  it("retries a network error automatically with the same key", async () => {
    const { impl, calls } = leadsFetch(["network-error", OK]);
    const navigate = vi.fn();
    render(<LeadForm config={testConfig({ commentsRequired: false })} form="enquiry" post={{ fetchImpl: impl, retryDelayMs: 1 }} navigate={navigate} />);
    fillContact();
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect((calls[0].init.headers as Record<string, string>)["idempotency-key"]).toBe((calls[1].init.headers as Record<string, string>)["idempotency-key"]);
  });

  it("shows the server's field errors", async () => {
    const { impl } = leadsFetch([
      {
        status: 400,
        body: {
          message: MESSAGES.errorSummary,
          errors: [
            { field: "location_id", message: MESSAGES.selectDealership },
            { field: "email", message: "Please enter a valid email address" },
          ],
        },
      },
    ]);
    render(<LeadForm config={testConfig({ commentsRequired: false })} form="enquiry" post={{ fetchImpl: impl }} navigate={() => {}} />);
    fillContact();
    fireEvent.submit(document.querySelector("form")!);
    const summary = await screen.findByTestId("error-warning");
    expect(summary.textContent).toContain("Please enter a valid email address");
  });

  it("prefills the last-used contact details; the honeypot is hidden and out of the tab order", async () => {
    localStorage.setItem(CONTACT_KEY, JSON.stringify({ name: "Sam", email: "sam@example.com" }));
    render(<LeadForm config={testConfig()} form="enquiry" />);
    await waitFor(() => expect((document.querySelector('[name="name"]') as HTMLInputElement).value).toBe("Sam"));
    const trap = document.querySelector('[name="company_url"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute("autocomplete")).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole("radio", { name: "Phone" })).toHaveProperty("checked", true);
  });

  it("request photos sends the hidden default message", async () => {
    const { impl, calls } = leadsFetch([OK]);
    render(
      <LeadForm
        config={testConfig()}
        form="request-photos"
        category="Used Car Enquiry"
        hiddenMessage="Please send photos for this car"
        car={{ car_id: 5, car_type: "used" }}
        post={{ fetchImpl: impl }}
        navigate={() => {}}
      />,
    );
    expect(document.querySelector('[name="message"]')).toBeNull();
    fillContact();
    fireEvent.submit(document.querySelector("form")!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0].init.body))).toMatchObject({
      form: "request-photos",
      message: "Please send photos for this car",
      car_id: 5,
      car_type: "used",
    });
  });

  it("test drive times follow the location's opening hours", () => {
    render(<LeadForm config={testConfig()} form="test-drive" category="Test Drive" />);
    fireEvent.change(document.querySelector('[name="date"]')!, { target: { value: "2026-03-02" } });
    const time = document.querySelector('[name="time"]') as HTMLSelectElement;
    expect([...time.options].map((o) => o.value)).toContain("17:00");
    expect([...time.options].map((o) => o.value)).not.toContain("17:30");
    fireEvent.change(document.querySelector('[name="date"]')!, { target: { value: "2026-03-01" } });
    expect(document.querySelector('[name="time"]')).toBeNull();
    expect(screen.getByText(/closed on that day/)).toBeTruthy();
  });
});
