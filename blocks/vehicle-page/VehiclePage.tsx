import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import type { VehiclePageProps } from "@/runtime/generated/types";
import type { BlockComponentProps, SiteContext } from "@/runtime/render/types";
import type { Car, Hotspot } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { carTitle, isAvailable, showsPrice } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { siteFinanceSettings, settingsForProvider } from "@/runtime/finance/site-finance";
import { calculatorDefaults } from "@/runtime/finance/defaults";
import { financeEstimate } from "@/runtime/finance/estimate";
import { financeDisplay, FINANCE_EXCLUDED_MAKES } from "@/runtime/finance/eligibility";
import { DEALER_COMMENTS_PENDING, truncateComments } from "@/blocks/vehicle-page/domain/comments";
import { SPIN_INTERVAL_MS } from "@/blocks/vehicle-page/domain/spin";
import { carVideo, gallerySlides, imageSrcSet, showsThumbnails, thumbnailsScroll, type VideoPosition } from "@/blocks/vehicle-page/domain/gallery";
import { marketPriceBadge } from "@/blocks/vehicle-page/domain/market-badge";
import { maskPhone, telHref } from "@/blocks/vehicle-page/domain/phone";
import { allSpecifications, ALL_SPECS_VISIBLE_ROWS, bodyName, breadcrumbTrail, carSummary, FEATURES_DEFAULT_LIMIT, keyInformation, KEY_INFO_VISIBLE, kmText, type Spec } from "@/blocks/vehicle-page/domain/details";
import { actionHref, enquiryHref, sidebarButtons, DEFAULT_LABELS, type SidebarAction } from "@/blocks/vehicle-page/domain/sidebar";
import { shareLinks } from "@/blocks/vehicle-page/domain/share";
import { locationAnnouncement } from "@/blocks/vehicle-page/domain/location";
import { gaugeEligible } from "@/blocks/vehicle-page/domain/gauge";
import { showsFuelCalculator, startingConsumption } from "@/blocks/vehicle-page/domain/fuel";
import { scriptJson, vehicleJsonLd } from "@/blocks/vehicle-page/domain/json-ld";
import { similarCarsTitle } from "@/blocks/vehicle-page/domain/similar-cars";
import { FinanceCalculator } from "@/blocks/finance-calculator/FinanceCalculator";
import { BlogCards } from "@/blocks/blog-cards/BlogCards";
import { VehicleCard } from "@/blocks/shared/vehicle-card/VehicleCard";
import type { VehiclePageData } from "./load";
import { DEFAULT_PROTECT, DEFAULT_SECTIONS, DEFAULT_USED_CAR_CHECKS, DEFAULT_WHATS_INCLUDED, DEFAULT_WHY_BUY, priceTypeLabel, SECTION_TITLES } from "./content";
import { Collapsible } from "./client/Collapsible";
import { CommentsText, Expandable } from "./client/Expandable";
import { ViewsCount } from "./client/ViewsCount";
import { FavouriteButton } from "./client/FavouriteButton";
import type { BarAction } from "./client/StickyBars";
import type { ViewerHotspot, ViewerSlide, ViewerView } from "./client/types";
import { PhoneReveal, ShareBar, PrintButtons, FuelCalculator, DeliveryCalculator, PriceGauge, StickyBars, SimilarCarsCarousel, GalleryShell, VideoPlayer, LeadDialogHost } from "./client/components.lazy";
import { LeadDialogLink } from "./client/LeadDialogLink";
import type { LeadDialogKind } from "./client/lead-dialog-store";
import { formConfig } from "@/blocks/shared/forms/config";
import type { CarContext } from "@/blocks/shared/forms/car";
import styles from "./vehicle-page.module.css";

type Props = BlockComponentProps<VehiclePageProps, VehiclePageData | null>;

/** Sidebar and sticky-bar actions that open a lead dialog instead of leaving the page. */
const DIALOG_ACTIONS: Partial<Record<SidebarAction, LeadDialogKind>> = { enquire: "enquire", "test-drive": "test-drive", "request-photos": "request-photos" };

/** The car as the lead forms know it (car_id, stock number, make, model, year, type, status, its dealership and location). */
export function carLeadContext(car: Car, title: string): CarContext {
  const type = car.car_type === "new" || car.car_type === "used" || car.car_type === "demo" ? car.car_type : undefined;
  const locationId = car.location?.id ?? car.location_id;
  return {
    car_id: car.id,
    ...(type ? { car_type: type } : {}),
    ...(car.stocknum ? { stock_number: car.stocknum } : {}),
    make: car.make,
    model: car.model,
    year: car.year,
    name: title,
    ...(car.vin ? { vin: car.vin } : {}),
    vehicle_status: car.status,
    ...(typeof car.dealership_id === "number" ? { car_dealership_id: car.dealership_id } : {}),
    ...(typeof locationId === "number" ? { location_id: locationId } : {}),
  };
}

/** The prefilled message of 'Find Me Something Similar'. */
export function findSimilarMessage(car: Car, title: string): string {
  return `I'm interested in the ${title}${car.stocknum ? ` (stock no. ${car.stocknum})` : ""}, which is no longer available. Please let me know about similar vehicles.`;
}

/**
 * /cars/[slug]: the car comes from the loader (through the dealer's base filter). null means
 * not this dealer's car: notFound() makes the page the dealer's themed 404 (the runtime lets
 * Next's control-flow errors through). Everything is rendered on the server; interaction lives
 * in small client components, and the viewer's heavy parts load on demand.
 */
export function VehiclePage({ props, data, dataFailed, site }: Props) {
  if (data === null) notFound();
  if (dataFailed || !data) {
    return (
      <div className={`container ${styles.unavailable}`}>
        <h1>Vehicle details are unavailable right now</h1>
        <p>Please try again in a moment, or call us.</p>
      </div>
    );
  }
  const { car, similar } = data;
  const m = site.manifest;
  const w = m.wording ?? {};
  const vp = m.vehiclePage ?? {};
  const title = carTitle(car);
  const available = isAvailable(car);
  const sink = props.analyticsSink;
  const url = `${site.origin}/cars/${encodeURIComponent(car.slug)}`;
  const priceText = available ? (showsPrice(car.price) ? formatCurrency(car.price) : (w.noPriceText ?? "Enquire for price.")) : null;
  const announcement = locationAnnouncement(m, car);
  const crumbs = breadcrumbTrail(car, props.breadcrumbs ?? "title", w.usedKeyword);
  const buttons = sidebarButtons(m, car);
  const bar = stickyBarActions(props, car, site);
  const enquire: BarAction = available ? { label: DEFAULT_LABELS.enquire, href: enquiryHref(car), dialog: "enquire" } : { label: w.findSimilar ?? "Find Me Something Similar", href: enquiryHref(car, "find-similar"), dialog: "find-similar" };
  const leadYear = /^[0-9]{4}$/.test(String(car.year)) ? { "Vehicle Year": car.year } : undefined;
  const leadConfig = formConfig(m);

  const sections = ((vp.sections as string[] | undefined) ?? [...DEFAULT_SECTIONS]).map((s) => <Section key={s} id={s} car={car} similar={similar} props={props} site={site} />);

  return (
    <div className={styles.page} data-testid="vehicle-page" data-car-status={car.status}>
      <StickyBars title={title} priceText={priceText} headerAction={enquire} barActions={bar.actions} scrolledBarActions={bar.scrolled} />
      {announcement ? (
        <div className={styles.announcement} role="note">
          <span>
            Located at <strong>{announcement.city}</strong> ({announcement.locationName})
          </span>
          {announcement.directionsUrl ? (
            <a href={announcement.directionsUrl} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      ) : null}
      <div className="container">
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <ol>
            <li>
              <Link href="/">Home</Link>
            </li>
            {crumbs.map((c, i) => (
              <li key={i}>{c.href ? <Link href={c.href}>{c.label}</Link> : <span aria-current={i === crumbs.length - 1 ? "page" : undefined}>{c.label}</span>}</li>
            ))}
          </ol>
        </nav>
        <div className={styles.layout}>
          <div className={styles.gallery}>
            <Viewer car={car} title={title} props={props} defaultView={(vp.defaultView as ViewerView | undefined) ?? "spinner"} videoPosition={(vp.videoPosition as VideoPosition | undefined) ?? "second"} />
          </div>
          <aside className={styles.sidebar} aria-label="Vehicle summary">
            <Sidebar car={car} title={title} available={available} priceText={priceText} buttons={buttons} props={props} site={site} url={url} />
          </aside>
          <div className={styles.sections}>{sections}</div>
        </div>
      </div>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(vehicleJsonLd(car, { origin: site.origin, url, sellerName: m.name })) }} />
      <LeadDialogHost config={leadConfig} car={carLeadContext(car, title)} extraFields={leadYear} findSimilarMessage={findSimilarMessage(car, title)} findSimilarTitle={w.findSimilar ?? "Find Me Something Similar"} />
    </div>
  );
}

function stickyBarActions(props: VehiclePageProps, car: Car, site: SiteContext): { actions: BarAction[] | null; scrolled: BarAction[] | null } {
  const cfg = props.stickyBar;
  if (!cfg) return { actions: null, scrolled: null };
  const phone = car.location?.phone ?? site.manifest.contact.phones.sales;
  const available = isAvailable(car);
  const resolve = (list: string[] | undefined): BarAction[] | null => {
    if (!list) return null;
    if (!available) return [{ label: site.manifest.wording?.findSimilar ?? "Find Me Something Similar", href: enquiryHref(car, "find-similar"), dialog: "find-similar" }];
    return list
      .map((a) => a as SidebarAction)
      .map((a): BarAction | null => (a === "call" ? (telHref(phone) ? { label: "Call Us", href: telHref(phone)! } : null) : { label: DEFAULT_LABELS[a], href: actionHref(a, car, site.manifest) ?? "#", ...(DIALOG_ACTIONS[a] ? { dialog: DIALOG_ACTIONS[a] } : {}) }))
      .filter((a): a is BarAction => a !== null);
  };
  return { actions: resolve(cfg.actions), scrolled: resolve(cfg.scrolledActions) };
}

function mainPicture(src: string, alt: string) {
  // The page's LCP element: server-rendered, fetched first, with its box reserved.
  return (
    // eslint-disable-next-line @next/next/no-img-element
    <img className={styles.media} src={src} srcSet={imageSrcSet(src)} sizes="(min-width: 992px) 760px, 100vw" alt={alt} width={800} height={600} fetchPriority="high" loading="eager" decoding="async" />
  );
}

function hotspots(list: Hotspot[] | undefined): ViewerHotspot[] {
  return (list ?? []).map((h) => ({ id: h.id, title: h.title ?? "Detail", description: h.description, positions: h.positions }));
}

function Viewer({ car, title, props, defaultView, videoPosition }: { car: Car; title: string; props: VehiclePageProps; defaultView: ViewerView; videoPosition: VideoPosition }) {
  const images = car.images.filter((i) => typeof i?.image?.url === "string");
  const video = carVideo(car);
  const slides: ViewerSlide[] = gallerySlides(images, video, videoPosition).map((s) =>
    s.kind === "video" ? { kind: "video", video: s.video } : { kind: "image", image: { src: s.image.image.url, srcSet: imageSrcSet(s.image.image.url), thumb: s.image.image.thumb?.url ?? s.image.image.url, alt: `${title}, picture ${s.imageIndex + 1} of ${images.length}` } },
  );
  const spinFrames = car.spin_images ?? [];
  const views: ViewerView[] = [];
  if (spinFrames.length > 1) views.push("spinner");
  if (car.video_url && video) views.push("video");
  views.push("gallery");
  if (car.spin_interior_image) views.push("interior");
  const initialView: ViewerView = defaultView === "spinner" && views.includes("spinner") ? "spinner" : "gallery";
  const first = initialView === "spinner" ? spinFrames[0] : images[0]?.image.url;
  const main = first ? mainPicture(first, initialView === "spinner" ? `${title}, 360 view` : `${title}, picture 1 of ${images.length}`) : <div className={styles.placeholder}>Photos coming soon</div>;
  const ordered: ViewerView[] = [...views].sort((a, b) => (a === initialView ? -1 : b === initialView ? 1 : 0));
  return (
    <GalleryShell
      title={title}
      slides={slides}
      views={ordered}
      initialView={initialView}
      showThumbnails={showsThumbnails(images.length, car.status)}
      thumbnailsScroll={thumbnailsScroll(slides.length)}
      spinFrames={spinFrames}
      exteriorHotspots={hotspots(car.hotspots?.exterior)}
      interior={car.spin_interior_image ? { src: car.spin_interior_image, hotspots: hotspots(car.hotspots?.interior) } : null}
      walkaround={car.video_url ? video : null}
      autoRotate={props.autoRotate ?? true}
      spinIntervalMs={props.spinIntervalMs ?? SPIN_INTERVAL_MS}
    >
      {main}
    </GalleryShell>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  );
}
const ICON_KM = "M12 4a9 9 0 00-9 9c0 2 .7 3.9 1.8 5.4l1.6-1.2A7 7 0 1119 13c0 1.6-.5 3-1.4 4.2l1.6 1.2A9 9 0 0012 4zm3.5 4.5L11 12a1.5 1.5 0 102 2z";
const ICON_TRANS = "M5 4a2 2 0 011 3.7V11h5V7.7a2 2 0 112 0V11h5V7.7a2 2 0 112 0V13h-7v3.3a2 2 0 11-2 0V13H6v3.3a2 2 0 11-2 0V7.7A2 2 0 015 4z";
const ICON_BODY = "M5 11l2-4.5A2 2 0 018.8 5h6.4a2 2 0 011.8 1.5L19 11a2 2 0 012 2v4h-2a2 2 0 01-4 0H9a2 2 0 01-4 0H3v-4a2 2 0 012-2zm2.2 0h9.6l-1.5-4H8.7z";

function FinanceSummary({ car, site }: { car: Car; site: SiteContext }) {
  const all = siteFinanceSettings(site.manifest);
  if (!all || !showsPrice(car.price) || FINANCE_EXCLUDED_MAKES.includes(car.make.trim().toLowerCase())) return null;
  const { settings, provider } = settingsForProvider(all);
  const quote = car.youxQuote?.weeklyRepaymentAmount;
  const estimate = quote ? null : financeEstimate(car.price, provider, { rate: calculatorDefaults(settings).rate });
  const display = financeDisplay(quote ?? estimate?.weekly);
  return (
    <div className={styles.finance} data-testid="finance-summary">
      <p className={styles.financeTitle}>Finance Available For This Vehicle!</p>
      {display.enquire ? (
        <p>{display.paymentText}</p>
      ) : (
        <p>
          From <strong className={styles.financeAmount}>{display.paymentText}</strong> per week*
          {estimate ? <span className={styles.muted}> ({estimate.label})</span> : null}
        </p>
      )}
    </div>
  );
}

function Sidebar({ car, title, available, priceText, buttons, props, site, url }: { car: Car; title: string; available: boolean; priceText: string | null; buttons: ReturnType<typeof sidebarButtons>; props: VehiclePageProps; site: SiteContext; url: string }) {
  const m = site.manifest;
  const w = m.wording ?? {};
  const badge = available ? marketPriceBadge(car) : null;
  const phone = car.location?.phone ?? m.contact.phones.sales;
  const tel = phone ? telHref(phone) : null;
  if (!tel) console.warn(`[vehicle-page] site=${m.slug} car=${car.slug} has no phone number`);
  const share = <ShareBar key="share" links={shareLinks(url, title, { twitter: props.twitter ?? false })} url={url} />;
  const icons = [
    { d: ICON_KM, label: "Odometer", value: kmText(car.km) },
    { d: ICON_TRANS, label: "Transmission", value: car.simple_transmission ?? car.trans },
    { d: ICON_BODY, label: "Body", value: bodyName(car) },
  ].filter((i) => i.value);
  const rendered: ReactNode[] = buttons.map((b) => {
    switch (b.action) {
      case "call":
        return tel ? <PhoneReveal key="call" phone={phone} masked={maskPhone(phone)} telHref={tel} slug={car.slug} carId={car.id} revealed={m.vehiclePage?.phoneRevealed ?? false} sink={props.analyticsSink} /> : null;
      case "share":
        return share;
      case "favourite":
        return <FavouriteButton key="favourite" label={b.label} sink={props.analyticsSink} car={{ id: car.id, name: car.name, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url }} />;
      case "print":
        // The manifest's printPdf flag switches the PDF on; the block prop overrides it either way.
        return <PrintButtons key="print" slug={car.slug} carId={car.id} printHref={b.href!} pdf={props.pdfDownload ?? isEnabled(m, "printPdf")} sink={props.analyticsSink} />;
      default: {
        const className = `${styles.button} ${b.action === "enquire" || b.action === "reserve" || b.action === "buy-online" ? "" : styles.buttonOutline}`;
        const dialog = DIALOG_ACTIONS[b.action];
        if (dialog && b.href)
          return (
            <LeadDialogLink key={b.action} kind={dialog} className={className} href={b.href}>
              {b.label}
            </LeadDialogLink>
          );
        return b.href ? (
          <Link key={b.action} className={className} href={b.href}>
            {b.label}
          </Link>
        ) : null;
      }
    }
  });
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {car.series || car.carsales_title ? <p className={styles.subtitle}>{car.carsales_title ?? car.series}</p> : null}
      {available ? (
        <div className={styles.priceBlock}>
          <p className={styles.price} data-testid="price">
            {priceText}
            {showsPrice(car.price) && priceTypeLabel(car.price_type) ? <span className={styles.priceType}> {priceTypeLabel(car.price_type)}</span> : null}
          </p>
          {car.before_price && showsPrice(car.price) && car.before_price > car.price ? (
            <p className={styles.wasPrice}>
              Was <s>{formatCurrency(car.before_price)}</s>
            </p>
          ) : null}
          {badge ? (
            <p className={styles.marketBadge} data-testid="market-badge">
              {formatCurrency(badge.saving)} below the average market price
            </p>
          ) : null}
          <FinanceSummary car={car} site={site} />
        </div>
      ) : (
        <div className={styles.sold} data-testid="sold-notice" role="status">
          <p className={styles.soldTitle}>{car.status === "sold" ? "SOLD" : "No longer available"}</p>
          <p>This vehicle has been sold. We can find you something similar.</p>
          <LeadDialogLink kind="find-similar" className={styles.button} href={enquiryHref(car, "find-similar")}>
            {w.findSimilar ?? "Find Me Something Similar"}
          </LeadDialogLink>
        </div>
      )}
      <ViewsCount slug={car.slug} initial={car.views ?? 0} carId={car.id} used={car.car_type === "used"} sink={props.analyticsSink} className={styles.views} />
      {icons.length ? (
        <ul className={styles.icons}>
          {icons.map((i) => (
            <li key={i.label}>
              <Icon d={i.d} />
              <span>
                <span className="visually-hidden">{i.label}: </span>
                {i.value}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.buttons}>{rendered}</div>
      {buttons.some((b) => b.action === "share") ? null : share}
    </>
  );
}

function SpecList({ specs }: { specs: Spec[] }) {
  return (
    <dl className={styles.specs}>
      {specs.map((s) => (
        <div key={s.label} className={styles.spec}>
          <dt>{s.label}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.bullets}>
      {items.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  );
}

function Section({ id, car, similar, props, site }: { id: string; car: Car; similar: Car[]; props: VehiclePageProps; site: SiteContext }): ReactNode {
  const m = site.manifest;
  const w = m.wording ?? {};
  const available = isAvailable(car);
  const sink = props.analyticsSink;
  const titled = (body: ReactNode) => (
    <Collapsible id={`vdp-${id}`} title={SECTION_TITLES[id] ?? id}>
      {body}
    </Collapsible>
  );
  switch (id) {
    case "key-information": {
      const specs = keyInformation(car);
      if (!specs.length) return null;
      return titled(
        specs.length > 4 ? (
          <Expandable more={<SpecList specs={specs.slice(KEY_INFO_VISIBLE)} />} moreLabel="Show more" lessLabel="Show less">
            <SpecList specs={specs.slice(0, KEY_INFO_VISIBLE)} />
          </Expandable>
        ) : (
          <SpecList specs={specs} />
        ),
      );
    }
    case "used-car-checks":
      return car.car_type === "used" ? titled(<Bullets items={props.usedCarChecks ?? DEFAULT_USED_CAR_CHECKS} />) : null;
    case "video": {
      const video = carVideo(car);
      return video ? titled(<VideoPlayer video={video} title={`${carTitle(car)} video`} />) : null;
    }
    case "dealer-comments": {
      const t = truncateComments(car.dealercomments);
      return titled(
        !t ? <p className={styles.muted}>{w.dealerCommentsPending ?? DEALER_COMMENTS_PENDING}</p> : t.truncated ? <CommentsText short={t.short} full={t.full} /> : <p className={styles.comments}>{t.full}</p>,
      );
    }
    case "whats-included":
      return titled(<Bullets items={props.whatsIncluded ?? DEFAULT_WHATS_INCLUDED} />);
    case "why-buy-from-us":
      return titled(<Bullets items={props.whyBuyFromUs ?? DEFAULT_WHY_BUY} />);
    case "reserve-online": {
      if (!available || !isEnabled(m, "reserve")) return null;
      const deposit = props.reserveDeposit ?? 200;
      return titled(
        <>
          <p>
            Reserve this vehicle online with a <strong>{formatCurrency(deposit)}</strong> deposit. We hold it for you for <strong>48 hours</strong>, and the deposit is <strong>100% refundable</strong>.
          </p>
          <Link className={styles.button} href={`/cars/${encodeURIComponent(car.slug)}/checkout`}>
            Reserve Online
          </Link>
        </>,
      );
    }
    case "protect-your-car":
      return titled(<Bullets items={props.protectYourCar ?? DEFAULT_PROTECT} />);
    case "features": {
      const features = car.standardEquipment ?? [];
      if (!features.length) return null;
      const limit = props.featuresLimit ?? FEATURES_DEFAULT_LIMIT;
      return titled(
        features.length > limit ? (
          <Expandable more={<Bullets items={features.slice(limit)} />} moreLabel={`Show all ${features.length} features`} lessLabel="Show fewer features">
            <Bullets items={features.slice(0, limit)} />
          </Expandable>
        ) : (
          <Bullets items={features} />
        ),
      );
    }
    case "fuel-calculator":
      return showsFuelCalculator(car) ? titled(<FuelCalculator consumption={startingConsumption(car)} sink={sink} />) : null;
    case "delivery-calculator":
      return titled(<DeliveryCalculator table={props.deliveryTable ?? []} sink={sink} />);
    case "all-specifications": {
      const specs = allSpecifications(car);
      if (!specs.length) return null;
      return titled(
        specs.length > ALL_SPECS_VISIBLE_ROWS ? (
          <Expandable more={<SpecList specs={specs.slice(ALL_SPECS_VISIBLE_ROWS)} />} moreLabel="Show All Specs" lessLabel="Hide Specs">
            <SpecList specs={specs.slice(0, ALL_SPECS_VISIBLE_ROWS)} />
          </Expandable>
        ) : (
          <SpecList specs={specs} />
        ),
      );
    }
    case "car-summary":
      return titled(
        <>
          {carSummary(car).map((s, i) => (
            <p key={i}>{s}</p>
          ))}
        </>,
      );
    case "finance-calculator":
      if (!available || !showsPrice(car.price)) return null;
      return (
        <div className={styles.embedded} data-section="finance-calculator">
          {FinanceCalculator({ props: { carPrice: car.price, headingLevel: 2 }, data: undefined, dataFailed: false, site, slots: {} }, { belowTheFold: true })}
        </div>
      );
    case "price-gauge":
      return gaugeEligible(m, car) && available ? <PriceGauge slug={car.slug} /> : null;
    case "similar-cars": {
      if (!similar.length) return null;
      const heading = similarCarsTitle(w.similarCarsTitle, w.vehicleType);
      return (
        <section className={styles.section} aria-labelledby="vdp-similar-heading" data-section="similar-cars">
          <h2 id="vdp-similar-heading" className={styles.sectionTitle}>
            {heading}
          </h2>
          <SimilarCarsCarousel label={heading}>
            {similar.map((c) => (
              <div key={c.id}>
                <VehicleCard
                  car={c}
                  sizes="(min-width: 992px) 300px, (min-width: 576px) 45vw, 78vw"
                  options={{ wording: w, finance: isEnabled(m, "finance"), fuelTags: isEnabled(m, "fuelTags"), favourites: isEnabled(m, "favourites"), nowMs: site.now.getTime(), showViews: false }}
                />
              </div>
            ))}
          </SimilarCarsCarousel>
        </section>
      );
    }
    case "location-map": {
      const loc = car.location;
      if (!loc?.address) return null;
      const n = (m.locations ?? []).length;
      return (
        <section className={styles.section} aria-labelledby="vdp-location-heading" data-section="location-map">
          <h2 id="vdp-location-heading" className={styles.sectionTitle}>
            {n > 1 ? `${n} Locations` : "Find Us Here"}
          </h2>
          <p>
            <strong>{loc.name}</strong>
            <br />
            {loc.address.street}, {loc.address.city} {loc.address.state} {loc.address.postcode}
          </p>
          {loc.place_url && /^https:\/\//.test(loc.place_url) ? (
            <a href={loc.place_url} target="_blank" rel="noopener noreferrer">
              Get Directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
        </section>
      );
    }
    case "blogs":
      return isEnabled(m, "blog") ? <div data-section="blogs">{BlogCards({ props: { heading: "Latest news", limit: 3 }, data: undefined, dataFailed: false, site, slots: {} })}</div> : null;
    default:
      return null;
  }
}
