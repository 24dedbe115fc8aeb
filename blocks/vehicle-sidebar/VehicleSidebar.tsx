import { Link } from "@/runtime/ui/link";
import { carContact } from "@/blocks/shared/locations/domain/lookup";
import { resolvedWording } from "@/runtime/wording";
import type { ReactNode } from "react";
import type { ResolvedVehicleSidebarProps } from "@/runtime/generated/types";
import type { BlockComponentProps, SiteContext } from "@/runtime/render/types";
import type { Car } from "@/runtime/stock/car";
import { isEnabled } from "@/runtime/flags";
import { carTitle, isAvailable, showsPrice } from "@/runtime/cars/availability";
import { formatCurrency } from "@/runtime/finance/format";
import { siteFinanceSettings, settingsForProvider } from "@/runtime/finance/site-finance";
import { carFinanceEstimate } from "@/runtime/finance/estimate";
import { financeDisplay } from "@/runtime/finance/eligibility";
import { carFinanceQuote, quoteText } from "@/runtime/finance/car-quote";
import { COMPARISON_RATE_WARNING } from "@/runtime/finance/comparison-rate";
import { DisclaimerDialog } from "@/blocks/shared/finance/client/DisclaimerDialog.lazy";
import { CarriedFiguresLink } from "@/blocks/shared/finance/client/CarriedFiguresLink.lazy";
import "@/blocks/shared/finance/finance.module.css"; // linked with the page: the dialog is a client part
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import { DIALOG_ACTIONS, enquiryHref } from "@/blocks/shared/vehicle-page/domain/actions";
import { maskPhone, telHref } from "@/blocks/shared/vehicle-page/domain/phone";
import { priceText as carPriceText } from "@/blocks/shared/vehicle-page/domain/price";
import { bodyName, kmText } from "@/blocks/shared/vehicle-page/domain/specs";
import { LeadDialogLink } from "@/blocks/shared/vehicle-page/client/LeadDialogLink.lazy";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { sidebarButtons } from "./domain/buttons";
import { marketComparison } from "@/blocks/shared/market-price/gauge";
import type { SidebarData } from "./load";
import { priceTypeLabel } from "./domain/price-type";
import { shareLinks } from "./domain/share";
import { CompareToggle, FavouriteToggle, RequestedQuote, WatchlistButton } from "@/blocks/shared/vehicle-card/client/car-actions.lazy";
import { favouriteEligible } from "@/blocks/shared/favourites/domain/favourites";
import { accountSettings } from "@/runtime/accounts/settings";
import { ViewsCount } from "./client/ViewsCount.lazy";
import { subscriptionText } from "@/blocks/shared/vehicle-card/card-model";
import { PhoneReveal, PrintButtons, ShareBar } from "./client/components.lazy";
import styles from "./vehicle-sidebar.module.css";

type Props = BlockComponentProps<ResolvedVehicleSidebarProps, SidebarData>;

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
  if (!all) return null;
  const { settings, provider } = settingsForProvider(all);
  // The car's one quote: the same figure its card shows and its calculator starts from.
  const quote = carFinanceQuote(car, { rule: provider.eligibility, requestQuotes: isEnabled(site.manifest, "youxQuote"), now: site.now });
  // Without a quote the estimate panel's figure, labelled with its own basis ('5 year term, 10.0% deposit').
  const estimate = quote.kind === "none" && quote.reason === "no-quote" ? carFinanceEstimate(car.price, settings, provider) : null;
  if (quote.kind === "none" && !estimate) return null;
  const text = quote.kind === "quote" ? quoteText(quote) : null;
  const display = estimate ? financeDisplay(estimate.weekly) : null;
  return (
    <div className={styles.finance} data-testid="finance-summary">
      <p className={styles.financeTitle}>Finance Available For This Vehicle!</p>
      {text ? (
        <>
          <p>
            From <strong className={styles.financeAmount}>{text.weekly}</strong> per week*
          </p>
          {text.rate ? <p className={shared.muted}>{text.rate}</p> : null}
        </>
      ) : quote.kind === "request" ? (
        <RequestedQuote request={quote.request} variant="summary" classes={{ weekly: styles.financeAmount, rate: shared.muted }} />
      ) : display?.enquire ? (
        <p>{display.paymentText}</p>
      ) : display ? (
        <p>
          From <strong className={styles.financeAmount}>{display.paymentText}</strong> per week* <span className={shared.muted}>({estimate!.label})</span>
        </p>
      ) : null}
      <DisclaimerDialog buttonLabel="Finance disclaimer" title="Finance disclaimer" variant="link">
        <p>{provider.disclaimer}</p>
        <p>{COMPARISON_RATE_WARNING}</p>
      </DisclaimerDialog>
    </div>
  );
}

type SidebarButton = ReturnType<typeof sidebarButtons>[number];

/** What the sidebar's buttons need to know about the car and the site. */
interface ButtonContext {
  car: Car;
  sink: NonNullable<ReturnType<typeof vehiclePageContext>>["analyticsSink"];
  title: string;
  available: boolean;
  phone: ReturnType<typeof carContact>["phone"];
  tel: string | null;
  phoneRevealed: ResolvedVehicleSidebarProps["phoneRevealed"];
  pdfDownload: ResolvedVehicleSidebarProps["pdfDownload"];
  manifest: SiteContext["manifest"];
  /** The share bar, rendered once: in the button order when configured, else after the buttons. */
  share: ReactNode;
}

/** A link button (enquire, reserve, buy online, the dialogs and plain links), or the reserved notice. */
function linkButton(b: SidebarButton): ReactNode {
  // Said without "online": the same mark stands for a dealer's own hold from the stock feed.
  if (b.reserved)
    return (
      <p key={b.action} className={styles.reserved}>
        <strong data-testid="sidebar-reserved">{b.label}</strong> <span>This vehicle is reserved.</span>
      </p>
    );
  const className = `${shared.button} ${b.action === "enquire" || b.action === "reserve" || b.action === "buy-online" ? "" : shared.buttonOutline}`;
  const dialog = DIALOG_ACTIONS[b.action];
  if (dialog && b.href)
    return (
      <LeadDialogLink key={b.action} kind={dialog} className={className} href={b.href}>
        {b.label}
      </LeadDialogLink>
    );
  // 'Buy Online' carries the calculator's figures into the checkout journey once the shopper changes them.
  if (b.action === "buy-online" && b.href)
    return (
      <CarriedFiguresLink key={b.action} className={className} href={b.href}>
        {b.label}
      </CarriedFiguresLink>
    );
  return b.href ? (
    <Link key={b.action} className={className} href={b.href}>
      {b.label}
    </Link>
  ) : null;
}

/** The save-to-favourites toggle, for a car that may be saved (the same rule and format as the cards). */
function favouriteButton(b: SidebarButton, { car, available, title, sink, manifest }: ButtonContext): ReactNode {
  const eligible = favouriteEligible(
    { available, price: car.price, hasImage: !!(car.primary_image_url || car.images?.length), car_type: car.car_type },
    { enabled: true, usedOnly: accountSettings(manifest).favouritesUsedOnly },
  );
  return eligible ? (
    <FavouriteToggle
      key="favourite"
      label={b.label}
      savedLabel="Saved to Favourites"
      icon
      className={`${shared.button} ${shared.buttonOutline}`}
      sink={sink}
      car={{ id: car.id, name: title, slug: car.slug, make: car.make, model: car.model, primary_image_url: car.primary_image_url ?? null }}
    />
  ) : null;
}

/** One of the dealer's sidebar buttons, keyed by its action. */
function sidebarButton(b: SidebarButton, ctx: ButtonContext): ReactNode {
  const { car, sink, title, available, phone, tel } = ctx;
  switch (b.action) {
    case "call":
      return tel ? (
        <PhoneReveal key="call" phone={phone} masked={maskPhone(phone)} telHref={tel} slug={car.slug} carId={car.id} revealed={ctx.phoneRevealed} sink={sink} />
      ) : null;
    case "share":
      return ctx.share;
    case "favourite":
      return favouriteButton(b, ctx);
    case "print":
      // The manifest's printPdf flag switches the PDF on; the block prop overrides it either way.
      return (
        <PrintButtons key="print" slug={car.slug} carId={car.id} printHref={b.href!} pdf={ctx.pdfDownload ?? isEnabled(ctx.manifest, "printPdf")} sink={sink} />
      );
    case "compare":
      return (
        <CompareToggle
          key="compare"
          car={{ id: car.id, slug: car.slug, name: title }}
          className={`${shared.button} ${shared.buttonOutline}`}
          linkClassName={`${shared.button} ${shared.buttonOutline}`}
        />
      );
    case "watchlist":
      return (
        <WatchlistButton
          key="watchlist"
          carId={car.id}
          sold={!available}
          label={b.label}
          savedLabel="Saved In Watchlist"
          className={`${shared.button} ${shared.buttonOutline}`}
          sink={sink}
        />
      );
    default:
      return linkButton(b);
  }
}

/** Price, price type, was-price, subscription price, market badge and the finance summary. */
function PriceBlock({ car, site, priceText, comparables }: { car: Car; site: SiteContext; priceText: string | null; comparables: number[] | null }) {
  const m = site.manifest;
  // The gauge's computation: with the comparables the gauge reads, else the feed's market data.
  const saving = marketComparison(car.price, comparables, car.autograb_data).belowAverage;
  return (
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
      {isEnabled(m, "subscription") && subscriptionText(car.subscription_price) ? (
        <p className={styles.subscription} data-testid="subscription-price">
          {subscriptionText(car.subscription_price)}
        </p>
      ) : null}
      {saving !== null ? (
        <p className={styles.marketBadge} data-testid="market-badge">
          {formatCurrency(saving)} below the average market price
        </p>
      ) : null}
      <FinanceSummary car={car} site={site} />
    </div>
  );
}

/**
 * The vehicle page's sidebar: the car's title (the page's one h1), price or the sold notice,
 * views, icons, the dealer's buttons in order and the share bar. The phone, share and print
 * parts come to life when reached (their code loads on demand).
 */
export function VehicleSidebar({ props, site, context, data }: Props) {
  const page = vehiclePageContext(context);
  if (!page) return null;
  const { car, analyticsSink: sink } = page;
  const { buttons: configured, phoneRevealed, twitter, pdfDownload } = props;
  const m = site.manifest;
  const w = resolvedWording(m.wording);
  const title = carTitle(car);
  const available = isAvailable(car);
  const priceText = carPriceText(car, w);
  const url = `${site.origin}/cars/${encodeURIComponent(car.slug)}`;
  const buttons = sidebarButtons(configured, m, car);
  const { phone } = carContact(m, car);
  const tel = phone ? telHref(phone) : null;
  if (!tel) console.warn(`[vehicle-page] site=${m.slug} car=${car.slug} has no phone number`);
  const share = <ShareBar key="share" links={shareLinks(url, title, { twitter })} url={url} />;
  const icons = [
    { d: ICON_KM, label: "Odometer", value: kmText(car.km) },
    { d: ICON_TRANS, label: "Transmission", value: car.simple_transmission ?? car.trans },
    { d: ICON_BODY, label: "Body", value: bodyName(car) },
  ].filter((i) => i.value);
  const ctx: ButtonContext = { car, sink, title, available, phone, tel, phoneRevealed, pdfDownload, manifest: m, share };
  const rendered: ReactNode[] = buttons.map((b) => sidebarButton(b, ctx));
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {car.series || car.carsales_title ? <p className={styles.subtitle}>{car.carsales_title ?? car.series}</p> : null}
      {available ? (
        <PriceBlock car={car} site={site} priceText={priceText} comparables={data?.comparables ?? null} />
      ) : (
        <div className={styles.sold} data-testid="sold-notice" role="status">
          <p className={styles.soldTitle}>{car.status === "sold" ? "SOLD" : "No longer available"}</p>
          <p>This vehicle has been sold. We can find you something similar.</p>
          <LeadDialogLink kind="find-similar" className={shared.button} href={enquiryHref(car, "find-similar")}>
            {w.findSimilar}
          </LeadDialogLink>
        </div>
      )}
      <ViewsCount
        slug={car.slug}
        initial={car.views ?? 0}
        carId={car.id}
        used={car.car_type === "used"}
        sink={sink}
        className={styles.views}
        photosCount={car.photos_count}
        websiteId={String(car.location?.website?.id ?? m.slug)}
      />
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
