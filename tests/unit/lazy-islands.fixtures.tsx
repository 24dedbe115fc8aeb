/**
 * Sample props for each deferred island in blocks/lazy-islands.json, keyed `wrapper#export`, for
 * the contract test (lazy-islands.test.ts): what the island's block hands it on a page, built
 * with the same helpers the components' own tests use. Props are data (and plain host elements
 * as children): they are built once and rendered by both the server and the browser phase.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ComponentProps, ComponentType, ReactElement } from "react";
import searchGrid from "@/blocks/search-grid/index";
import type { SearchApp } from "@/blocks/shared/search/SearchApp";
import type { SearchPageData } from "@/blocks/shared/search/server";
import { resolveTenant } from "@/runtime/tenant";
import type { SiteContext } from "@/runtime/render/types";
import { generateStockFiles } from "@/scripts/stock/generate";
import { blockProps } from "@/tests/helpers/block-props";
import { testConfig, option } from "@/blocks/shared/forms/test-helpers";
import { testCar, testLocation } from "@/blocks/shared/vehicle-page/domain/fixtures";
import { carLeadContext } from "@/blocks/vehicle-page/domain/lead";
import { calculatorDefaults, QUOTE_CREDIT_SCORE, resolveFinanceSettings, SAMPLE_PROVIDERS } from "@/runtime/finance";
import type { CloseableBanner } from "@/blocks/book-service-banner/CloseableBanner";
import type { EnquiryLauncher } from "@/blocks/enquiry-form/EnquiryLauncher";
import type { ChatButton } from "@/blocks/enquiry-form/ChatButton";
import type { ColourViewer } from "@/blocks/model-colour-viewer/client/ColourViewer";
import type { ModelGallery } from "@/blocks/model-hero/client/ModelGallery";
import type { MultiStepEnquiryClient } from "@/blocks/multi-step-enquiry/MultiStepEnquiryClient";
import type { MultiStepEnquiryForm } from "@/blocks/shared/forms/MultiStepEnquiryForm";
import type { PartsOrderClient } from "@/blocks/parts-order-form/PartsOrderClient";
import type { PriceRangePicker } from "@/blocks/price-range/PriceRangePicker";
import type { SliderCarousel } from "@/blocks/promotions-slider/SliderCarousel";
import type { LiveCount } from "@/blocks/sales-counter/client/LiveCount";
import type { CarouselControls } from "@/blocks/shared/carousel/CarouselControls";
import type { FavouritesList } from "@/blocks/shared/favourites/client/FavouritesList";
import type { CalculatorPanel } from "@/blocks/shared/finance/calculator/CalculatorPanel";
import type { CarriedFiguresLink } from "@/blocks/shared/finance/client/CarriedFiguresLink";
import type { DisclaimerDialog } from "@/blocks/shared/finance/client/DisclaimerDialog";
import type { LeadForm } from "@/blocks/shared/forms/LeadForm";
import type { LocationsMap } from "@/blocks/shared/locations/client/LocationsMap";
import type { StripePayment } from "@/blocks/shared/payments/client/StripePayment";
import type { RecentlyViewed } from "@/blocks/shared/recently-viewed/client/RecentlyViewed";
import type { CompareToggle, FavouriteToggle, RequestedQuote, WatchlistButton } from "@/blocks/shared/vehicle-card/client/car-actions";
import type { Expandable } from "@/blocks/shared/vehicle-page/client/Expandable";
import type { LeadDialogLink } from "@/blocks/shared/vehicle-page/client/LeadDialogLink";
import type { VideoPlayer } from "@/blocks/shared/vehicle-page/client/VideoPlayer";
import type { CategoryLine } from "@/blocks/success-message/CategoryLine";
import type { TradeInClient } from "@/blocks/trade-in-form/TradeInClient";
import type { CommentsText } from "@/blocks/vehicle-dealer-comments/client/CommentsText";
import type { DeliveryCalculator } from "@/blocks/vehicle-delivery-calculator/client/DeliveryCalculator";
import type { HistoryReportLink } from "@/blocks/vehicle-disclaimer/client/HistoryReportLink";
import type { FuelCalculator } from "@/blocks/vehicle-fuel-calculator/client/FuelCalculator";
import type { LeadDialogHost } from "@/blocks/vehicle-page/client/LeadDialogHost";
import type { StickyBars } from "@/blocks/vehicle-page/client/StickyBars";
import type { PriceGauge } from "@/blocks/vehicle-price-gauge/client/PriceGauge";
import type { PhoneReveal } from "@/blocks/vehicle-sidebar/client/PhoneReveal";
import type { PrintButtons } from "@/blocks/vehicle-sidebar/client/PrintButtons";
import type { ShareBar } from "@/blocks/vehicle-sidebar/client/ShareBar";
import type { ViewsCount } from "@/blocks/vehicle-sidebar/client/ViewsCount";
import type { SimilarCarsCarousel } from "@/blocks/vehicle-similar-cars/client/SimilarCarsCarousel";
import type { GalleryShell } from "@/blocks/vehicle-viewer/client/GalleryShell";

export interface IslandFixture {
  /** The props, or (for an island whose props come from its block's loader) how to make them. */
  props: object | (() => Promise<object>);
  /** The page's URL in the browser phase, for islands that compare it with their props. */
  url?: string;
  /** The island renders no markup for these props until it has fetched something (its server HTML is empty). */
  rendersNothing?: boolean;
  /**
   * Why a hydrateLater island's live render may differ from its server markup (the test then checks
   * hydration only): what changes, and why the visitor loses nothing.
   */
  liveMarkupDiffers?: string;
  /** Providers the block renders around the island, as elements of the current phase's React. */
  wrap?: (island: ReactElement) => ReactElement | Promise<ReactElement>;
}

// A lead form's hidden `_key` is drawn once per render (the plain post's idempotency key): the live
// form draws its own, which is the one a script submission uses; typed values and a held submission
// carry over (see hydrate-later), so the visitor loses nothing.
const PAGE_VIEW_KEY = "only the hidden per-page-view `_key`, drawn afresh by the live form";

const props = <C extends ComponentType<any>>(p: ComponentProps<C>, extra: Omit<IslandFixture, "props"> = {}): IslandFixture => ({ props: p, ...extra });

const styles = new Proxy({}, { get: (_t, name) => String(name) }) as Record<string, string>;
const config = testConfig({ locations: [option(1, "Springwood Motors", "Springwood"), option(2, "Logan Motors", "Logan")] });
const car = testCar({ location: testLocation({ id: 2, name: "Logan Motors" }) });
const title = "2021 Toyota RAV4 GX";
const financeSettings = resolveFinanceSettings({ providers: [SAMPLE_PROVIDERS.standard] });
const picture = (n: number) => <img key={n} src={`/api/images/vehicle/${n}.jpg`} alt={`Picture ${n}`} width={800} height={600} />;

export const ISLAND_FIXTURES: Record<string, IslandFixture> = {
  "book-service-banner/CloseableBanner.lazy.tsx#CloseableBanner": props<typeof CloseableBanner>({
    label: "Book a service",
    className: "banner",
    closeClassName: "close",
    children: <p>Book your next service online.</p>,
  }),
  "enquiry-form/EnquiryLauncher.lazy.tsx#EnquiryLauncher": props<typeof EnquiryLauncher>({ config, showExtras: true, fallbackHref: "/contact#enquiry-form" }),
  "enquiry-form/ChatButton.lazy.tsx#ChatButton": props<typeof ChatButton>({
    chat: { provider: "livechat", label: "Instant Message" },
    fallbackHref: "#enquiry-form",
  }),
  "model-colour-viewer/client/ColourViewer.lazy.tsx#ColourViewer": props<typeof ColourViewer>({
    idBase: "rav4",
    modelName: "RAV4",
    styles,
    variants: [
      {
        name: "GX",
        colours: [
          { name: "Glacier White", hexCode: "#f5f5f5", picture: "/models/rav4-white.jpg", photo_url: "/models/rav4-white-small.jpg" },
          { name: "Eclipse Black", hexCode: "#111111", picture: "/models/rav4-black.jpg", photo_url: "/models/rav4-black-small.jpg" },
        ],
      },
      { name: "Cruiser", colours: [{ name: "Glacier White", hexCode: "#f5f5f5", picture: "/models/rav4-cruiser.jpg" }] },
    ],
  }),
  "model-hero/client/ModelGallery.lazy.tsx#ModelGallery": props<typeof ModelGallery>({
    label: "RAV4 pictures",
    count: 2,
    styles,
    children: [picture(1), picture(2)],
  }),
  "multi-step-enquiry/MultiStepEnquiryClient.lazy.tsx#MultiStepEnquiryClient": props<typeof MultiStepEnquiryClient>({ config, labelledBy: "enquiry-heading" }),
  "shared/forms/MultiStepEnquiryForm.lazy.tsx#MultiStepEnquiryForm": props<typeof MultiStepEnquiryForm>(
    {
      config,
      labelledBy: "enquiry-heading",
      show: { rego: true, optIn: true, extras: true },
    },
    { liveMarkupDiffers: PAGE_VIEW_KEY },
  ),
  "parts-order-form/PartsOrderClient.lazy.tsx#PartsOrderClient": props<typeof PartsOrderClient>({ config, labelledBy: "parts-heading" }),
  "price-range/PriceRangePicker.lazy.tsx#PriceRangePicker": props<typeof PriceRangePicker>({
    min: 5000,
    max: 100000,
    step: 1000,
    buttonLabel: "Search",
    searchPath: "/search",
    indexName: "cars",
  }),
  "promotions-slider/SliderCarousel.lazy.tsx#SliderCarousel": props<typeof SliderCarousel>({
    slideTitles: ["Service special", "Finance offer"],
    autoplay: true,
    delayMs: 5000,
    styles,
    children: [<div key="a">Service special</div>, <div key="b">Finance offer</div>],
  }),
  "sales-counter/client/LiveCount.lazy.tsx#LiveCount": props<typeof LiveCount>({ initial: 1234 }),
  "shared/carousel/CarouselControls.lazy.tsx#CarouselControls": props<typeof CarouselControls>({
    buttons: true,
    previousLabel: "Previous",
    nextLabel: "Next",
    styles,
    children: [<div key="a">One</div>, <div key="b">Two</div>],
  }),
  "shared/favourites/client/FavouritesList.lazy.tsx#FavouritesList": props<typeof FavouritesList>({ emptyText: "No saved cars yet." }),
  "shared/finance/calculator/CalculatorPanel.lazy.tsx#CalculatorPanel": props<typeof CalculatorPanel>({
    settings: financeSettings,
    initial: calculatorDefaults(financeSettings, { carPrice: 32990 }),
    carPrice: 32990,
  }),
  "shared/finance/client/CarriedFiguresLink.lazy.tsx#CarriedFiguresLink": props<typeof CarriedFiguresLink>({
    href: "/finance?price=32990",
    className: "link",
    children: "Apply for finance",
  }),
  "shared/finance/client/DisclaimerDialog.lazy.tsx#DisclaimerDialog": props<typeof DisclaimerDialog>({
    buttonLabel: "Disclaimer",
    title: "Finance disclaimer",
    children: <p>Repayments are estimates only.</p>,
  }),
  "shared/forms/LeadForm.lazy.tsx#LeadForm": props<typeof LeadForm>(
    { config, form: "enquiry", category: "General Enquiry", showCategory: true },
    { liveMarkupDiffers: PAGE_VIEW_KEY },
  ),
  "shared/locations/client/InvokerFallback.lazy.tsx#InvokerFallback": { props: {}, rendersNothing: true },
  "shared/locations/client/LocationsMap.lazy.tsx#LocationsMap": props<typeof LocationsMap>({
    apiKey: "test-key",
    label: "Our locations",
    className: "map",
    markers: [
      {
        id: 1,
        name: "Springwood Motors",
        lat: -27.61,
        lng: 153.13,
        address: "1 Motor Way, Springwood QLD 4127",
        phone: "07 3000 0000",
        directionsUrl: "https://maps.google.com/?q=1+Motor+Way",
      },
    ],
  }),
  "shared/payments/client/StripePayment.lazy.tsx#StripePayment": props<typeof StripePayment>({
    publishableKey: "pk_test_123",
    amountCents: 50000,
    buttonText: "Pay $500 deposit",
    intentPath: "/api/payments/intent",
    returnPath: "/reserve/done",
  }),
  "shared/recently-viewed/client/RecentlyViewed.lazy.tsx#RecentlyViewed": props<typeof RecentlyViewed>({
    heading: "Recently viewed",
    emptyText: "Cars you look at appear here.",
  }),
  // The search page's first results, from its block's loader over generated demo stock (as the search-grid block's test does).
  "shared/search/SearchApp.lazy.tsx#SearchApp": {
    liveMarkupDiffers:
      "the live app drops what only the static page needs (the pre-hydration script; the filters link becomes a button): hydrateLater replays a click held meanwhile on the control with the same id or name and value",
    url: "http://h.localhost/search/used-cars",
    props: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "lazy-islands-search-"));
      generateStockFiles(dir, { count: 300 });
      process.env.STOCK_DIR = dir;
      try {
        const tenant = resolveTenant("harbour-motor-group.localhost:3000");
        if (tenant.kind !== "site") throw new Error("harbour-motor-group manifest missing");
        const site: SiteContext = {
          manifest: tenant.manifest,
          pattern: "/search/[[...facets]]",
          params: { facets: ["used-cars"] },
          pathname: "/search/used-cars",
          searchParams: {},
          origin: "http://h.localhost",
          now: new Date(),
        };
        const blockOptions = blockProps("search-grid");
        const data = (await searchGrid.load!(blockOptions, site)) as SearchPageData;
        const { state: _state, landing: _landing, redirectTo: _redirect, ...clientData } = data;
        return {
          data: clientData,
          showHeading: blockOptions.showHeading,
          searchPlaceholder: blockOptions.searchPlaceholder,
        } satisfies ComponentProps<typeof SearchApp>;
      } finally {
        delete process.env.STOCK_DIR;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  },
  "shared/vehicle-card/client/car-actions.lazy.tsx#FavouriteToggle": props<typeof FavouriteToggle>({
    car: { id: car.id, name: title, slug: car.slug, make: car.make, model: car.model, primary_image_url: null },
    label: "Save",
    savedLabel: "Saved",
    title,
  }),
  "shared/vehicle-card/client/car-actions.lazy.tsx#CompareToggle": props<typeof CompareToggle>({ car: { id: car.id, slug: car.slug, name: title }, title }),
  "shared/vehicle-card/client/car-actions.lazy.tsx#WatchlistButton": props<typeof WatchlistButton>({
    carId: car.id,
    sold: false,
    label: "Watch",
    savedLabel: "Watching",
    title,
  }),
  "shared/vehicle-card/client/car-actions.lazy.tsx#RequestedQuote": props<typeof RequestedQuote>({
    request: {
      selfAssessedCreditScore: QUOTE_CREDIT_SCORE,
      purchasePrice: 32990,
      loanTerm: 5,
      year: 2021,
      vin: "JTMW1RFV10D012345",
      nvic: "",
      whoIsHelping: "dealer",
    },
    variant: "card",
    classes: {},
  }),
  "shared/vehicle-page/client/Expandable.lazy.tsx#Expandable": props<typeof Expandable>({
    children: <p>The first lines.</p>,
    more: <p>The rest.</p>,
    moreLabel: "Read more",
    lessLabel: "Read less",
  }),
  "shared/vehicle-page/client/LeadDialogLink.lazy.tsx#LeadDialogLink": props<typeof LeadDialogLink>({
    kind: "enquire",
    href: "/contact?car_id=1#enquiry",
    children: "Enquire Now",
  }),
  "shared/vehicle-page/client/VideoPlayer.lazy.tsx#VideoPlayer": props<typeof VideoPlayer>({
    video: { kind: "embed", src: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" },
    title,
  }),
  "success-message/CategoryLine.lazy.tsx#CategoryLine": props<typeof CategoryLine>({ className: "category" }),
  "trade-in-form/TradeInClient.lazy.tsx#TradeInClient": props<typeof TradeInClient>({ config, variant: "trade-in", carId: "c9" }),
  "vehicle-dealer-comments/client/CommentsText.lazy.tsx#CommentsText": props<typeof CommentsText>({
    short: "One owner, full service history.",
    full: "One owner, full service history. Recently detailed, new tyres and a fresh service.",
  }),
  "vehicle-delivery-calculator/client/DeliveryCalculator.lazy.tsx#DeliveryCalculator": props<typeof DeliveryCalculator>({
    table: [{ from: "4000", to: "4199", region: "Brisbane", price: 0 }],
  }),
  "vehicle-disclaimer/client/HistoryReportLink.lazy.tsx#HistoryReportLink": props<typeof HistoryReportLink>({
    href: "https://reports.example/123",
    carId: car.id,
    children: "History report",
  }),
  "vehicle-fuel-calculator/client/FuelCalculator.lazy.tsx#FuelCalculator": props<typeof FuelCalculator>({ consumption: 6.5 }),
  "vehicle-page/client/components.lazy.tsx#StickyBars": props<typeof StickyBars>({
    title,
    priceText: "$32,990",
    headerAction: { label: "Enquire Now", href: "/contact?car_id=1#enquiry", dialog: "enquire" },
    barActions: [{ label: "Book a Test Drive", href: "/book-test-drive/?car_id=1", dialog: "test-drive" }],
    scrolledBarActions: null,
  }),
  "vehicle-page/client/components.lazy.tsx#LeadDialogHost": props<typeof LeadDialogHost>(
    { config, car: carLeadContext(car, title), findSimilarMessage: "" },
    { rendersNothing: true },
  ),
  "vehicle-price-gauge/client/PriceGauge.lazy.tsx#PriceGauge": props<typeof PriceGauge>({ slug: car.slug }, { rendersNothing: true }),
  "vehicle-sidebar/client/ViewsCount.lazy.tsx#ViewsCount": props<typeof ViewsCount>({ slug: car.slug, initial: 42, carId: car.id, used: true }),
  "vehicle-sidebar/client/components.lazy.tsx#PhoneReveal": props<typeof PhoneReveal>({
    phone: "07 3000 0000",
    masked: "07 30*****",
    telHref: "tel:+61730000000",
    slug: car.slug,
    carId: car.id,
    revealed: false,
  }),
  "vehicle-sidebar/client/components.lazy.tsx#ShareBar": props<typeof ShareBar>({
    url: `https://dealer.example/cars/${car.slug}`,
    links: [{ network: "facebook", label: "Share on Facebook", href: "https://www.facebook.com/sharer/sharer.php?u=x", popup: true }],
  }),
  "vehicle-sidebar/client/components.lazy.tsx#PrintButtons": props<typeof PrintButtons>({ slug: car.slug, carId: car.id, printHref: "/print/1", pdf: true }),
  "vehicle-similar-cars/client/SimilarCarsCarousel.lazy.tsx#SimilarCarsCarousel": props<typeof SimilarCarsCarousel>(
    { label: "Similar cars", children: [<div key="a">Car A</div>, <div key="b">Car B</div>] },
    { liveMarkupDiffers: "embla sets its track's transform as it attaches, to translate3d(0, 0, 0): nothing moves" },
  ),
  "vehicle-viewer/client/GalleryShell.lazy.tsx#GalleryShell": props<typeof GalleryShell>({
    title,
    slides: [],
    views: ["gallery"],
    initialView: "gallery",
    showThumbnails: true,
    thumbnailsScroll: false,
    spinFrames: [],
    exteriorHotspots: [],
    interior: null,
    walkaround: null,
    autoRotate: false,
    spinIntervalMs: 100,
    children: picture(1),
  }),
};
