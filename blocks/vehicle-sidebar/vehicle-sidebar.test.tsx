import { describe, expect, it } from "vitest";
import type { ResolvedVehicleSidebarProps } from "@/runtime/generated/types";
import { testCar } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { renderBlock } from "@/blocks/shared/vehicle-page/test-helpers";
import block from "./index";

type Buttons = ResolvedVehicleSidebarProps["buttons"];
const props = (over: Partial<ResolvedVehicleSidebarProps> = {}): ResolvedVehicleSidebarProps => ({
  buttons: [{ action: "enquire" }, { action: "call" }, { action: "share" }],
  phoneRevealed: false,
  twitter: false,
  ...over,
});

describe("vehicle-sidebar block", () => {
  it("titles the page with the car (its one h1)", async () => {
    const out = await renderBlock(block, { props: props(), car: testCar() });
    expect(out.match(/<h1/g)).toHaveLength(1);
    expect(out).toContain("2021 Toyota RAV4 GX</h1>");
  });

  it("shows price and finance for an available car", async () => {
    const out = await renderBlock(block, { props: props(), car: testCar() });
    expect(out).toContain('data-testid="price">$32,990');
    expect(out).toContain("Finance Available For This Vehicle!");
  });

  it("shows the car's own quote, the figure its card shows, with the rate and a disclaimer dialog", async () => {
    const car = testCar({ youxQuote: { weeklyRepaymentAmount: 85.96, advertisedRate: 8.89, comparisonRate: 9.52 } });
    const out = await renderBlock(block, { props: props(), car });
    expect(out).toMatch(/From <strong[^>]*>\$85.96<\/strong> per week\*/);
    expect(out).toContain("8.89% p.a. (comparison rate 9.52% p.a.*)");
    expect(out).toContain('aria-haspopup="dialog">Finance disclaimer</button>');
  });

  it("shows the subscription price on a subscription site", async () => {
    const car = testCar({ subscription_price: 189 });
    expect(await renderBlock(block, { props: props(), car, manifest: { features: { finance: true, subscription: true } } })).toContain(
      "Subscribe from $189 per week",
    );
    expect(await renderBlock(block, { props: props(), car, manifest: { features: { finance: true } } })).not.toContain("Subscribe");
  });

  it("shows no finance and no 'Get Finance Now' for a Suzuki", async () => {
    const buttons: Buttons = [{ action: "enquire" }, { action: "finance" }];
    const out = await renderBlock(block, { props: props({ buttons }), car: testCar({ make: "Suzuki" }), manifest: { features: { finance: true } } });
    expect(out).not.toContain("Finance Available");
    expect(out).not.toContain("Get Finance Now");
    const toyota = await renderBlock(block, { props: props({ buttons }), car: testCar(), manifest: { features: { finance: true } } });
    expect(toyota).toContain("Get Finance Now");
  });

  it("shows SOLD and 'Find Me Something Similar' instead of price, finance and buy buttons for a sold car", async () => {
    const out = await renderBlock(block, { props: props(), car: testCar({ status: "sold" }) });
    expect(out).toContain("SOLD");
    expect(out).toMatch(/data-dialog="find-similar"[^>]*>Find Me Something Similar</);
    expect(out).not.toContain('data-testid="price"');
    expect(out).not.toContain("Finance Available");
    expect(out).not.toContain("Enquire Now");
  });

  it("marks a car the stock holds RESERVED on a site without online reservations, with enquiry still offered", async () => {
    const buttons: Buttons = [{ action: "enquire" }, { action: "test-drive" }, { action: "call" }];
    const manifest = { features: { finance: true, testDrive: true } };
    const free = await renderBlock(block, { props: props({ buttons }), car: testCar(), manifest });
    expect(free).not.toContain('data-testid="sidebar-reserved"');
    const held = await renderBlock(block, { props: props({ buttons }), car: testCar({ reserved: true }), manifest });
    expect(held).toContain('data-testid="sidebar-reserved">RESERVED</strong>');
    expect(held).toContain("This vehicle is reserved.");
    expect(held).not.toContain("reserved online");
    expect(held).toContain("Enquire Now");
    expect(held).not.toContain("/checkout");
  });

  it("masks the phone until revealed, or shows it when the block says so", async () => {
    expect(await renderBlock(block, { props: props(), car: testCar() })).toContain("07 32** ****");
    expect(await renderBlock(block, { props: props({ phoneRevealed: true }), car: testCar() })).toContain('href="tel:0732904100"');
  });

  it("opens the lead dialogs from enquire, test drive and request photos, links kept for no JS", async () => {
    const buttons: Buttons = [{ action: "enquire" }, { action: "test-drive" }, { action: "request-photos" }];
    const out = await renderBlock(block, { props: props({ buttons }), car: testCar(), manifest: { features: { finance: true, testDrive: true } } });
    expect(out).toMatch(/<a href="\/contact\?car_id=1#enquiry"[^>]*aria-haspopup="dialog"[^>]*data-dialog="enquire"/);
    expect(out).toMatch(/<a href="\/book-test-drive\/\?car_id=1"[^>]*data-dialog="test-drive"/);
    expect(out).toMatch(/<a href="\/contact\?car_id=1&amp;category=request-photos#enquiry"[^>]*data-dialog="request-photos"/);
    // The lead dialogs live in the page's dialog host; the only dialog here is the finance disclaimer.
    expect(out.match(/<dialog/g)).toHaveLength(1);
    expect(out).toMatch(/<dialog[^>]*>[\s\S]*Finance disclaimer<\/h2>/);
  });

  it("keeps the buttons' order and labels, and leaves out those whose flag is off", async () => {
    const buttons: Buttons = [{ action: "finance" }, { action: "enquire", label: "Ask us" }, { action: "test-drive", flag: "testDrive" }];
    const out = await renderBlock(block, { props: props({ buttons }), car: testCar(), manifest: { features: { finance: true, testDrive: false } } });
    expect(out.indexOf("Get Finance Now")).toBeLessThan(out.indexOf("Ask us"));
    expect(out).not.toContain("Book a Test Drive");
  });

  it("offers the PDF download where the printPdf flag is on, unless the block says otherwise", async () => {
    const print = { buttons: [{ action: "print" }] as Buttons };
    expect(await renderBlock(block, { props: props(print), car: testCar(), manifest: { features: { printPdf: true } } })).toContain("Download PDF");
    expect(
      await renderBlock(block, { props: props({ ...print, pdfDownload: false }), car: testCar(), manifest: { features: { printPdf: true } } }),
    ).not.toContain("Download PDF");
    expect(await renderBlock(block, { props: props(print), car: testCar(), manifest: { features: { printPdf: false } } })).not.toContain("Print");
  });

  it("offers Twitter in the share bar only when asked", async () => {
    expect(await renderBlock(block, { props: props(), car: testCar() })).not.toContain("Share on Twitter");
    expect(await renderBlock(block, { props: props({ twitter: true }), car: testCar() })).toContain("Share on Twitter");
  });

  it("renders nothing outside a vehicle page", async () => {
    expect(await renderBlock(block, { props: props(), car: null })).toBe("");
  });
});
