import type { ResolvedVehicleFinanceCalculatorProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { isEnabled } from "@/runtime/flags";
import { carFinanceQuote, quoteBasisNote } from "@/runtime/finance/car-quote";
import { financeLink } from "@/runtime/finance/finance-link";
import { carFinanceEstimate, estimateBasisNote, estimateStart } from "@/runtime/finance/estimate";
import { settingsForProvider, siteFinanceSettings } from "@/runtime/finance/site-finance";
import { vehiclePageContext } from "@/blocks/shared/vehicle-page/context";
import shared from "@/blocks/shared/vehicle-page/vehicle-page.module.css";
import { FinanceCalculator } from "@/blocks/shared/finance/calculator/FinanceCalculator";

/**
 * The site's finance calculator started from the car's price and, when the car has a quote, from
 * the quote's rate, with a word on why the calculator's figure differs from the quote (its fees).
 * 'Request a Quote' goes to the finance form for this car. It sits low on the page, so its
 * panel's code waits until the panel is reached. Nothing for a car that may not show finance
 * (not available, no price, Suzuki, the provider's rule): the same rules as the card and sidebar.
 */
export function VehicleFinanceCalculator({ site, context }: BlockComponentProps<ResolvedVehicleFinanceCalculatorProps>) {
  const page = vehiclePageContext(context);
  const all = siteFinanceSettings(site.manifest);
  if (!page || !all) return null;
  const { car } = page;
  const { settings, provider } = settingsForProvider(all);
  const quote = carFinanceQuote(car, { rule: provider.eligibility, requestQuotes: isEnabled(site.manifest, "youxQuote"), now: site.now });
  if (quote.kind === "none" && quote.reason !== "no-quote") return null;
  // No quote: the sidebar shows the estimate, and the calculator starts from it (one weekly figure, with its basis said).
  const estimate = quote.kind === "none" ? carFinanceEstimate(car.price, settings, provider) : null;
  const quoteHref = financeLink({
    preferredDealership: car.dealership_slug,
    vehiclePriceBudget: car.price,
    carId: car.id,
    carType: car.car_type,
    vin: car.vin,
  });
  return (
    <div className={shared.embedded} data-section="finance-calculator">
      {FinanceCalculator(
        { props: { carPrice: car.price, headingLevel: 2 }, data: undefined, dataFailed: false, site, slots: {} },
        {
          rate: quote.kind === "quote" ? quote.rate : null,
          start: estimate ? estimateStart(estimate) : null,
          children: (
            <>
              {quote.kind === "quote" ? (
                <p className={shared.muted} data-testid="quote-basis">
                  {quoteBasisNote(quote, provider)}
                </p>
              ) : estimate ? (
                <p className={shared.muted} data-testid="quote-basis">
                  {estimateBasisNote(estimate)}
                </p>
              ) : null}
              <p>
                <a className={shared.button} href={quoteHref}>
                  Request a Quote
                </a>
              </p>
            </>
          ),
        },
      )}
    </div>
  );
}
