/**
 * Every block type the runtime can render. Adding a block: create blocks/<type>/ (component,
 * schema.json, index.ts, tests) and add one line here. The manifest schema's block union is
 * composed from the same folders by scripts/generate.ts, so an unknown type never validates.
 */
import type { BlockDefinition } from "./render/types";
import announcementBar from "@/blocks/announcement-bar";
import blogCards from "@/blocks/blog-cards";
import brandGrid from "@/blocks/brand-grid";
import hero from "@/blocks/hero";
import homeBanner from "@/blocks/home-banner";
import promotionsSlider from "@/blocks/promotions-slider";
import statsBanner from "@/blocks/stats-banner";
import tilesGrid from "@/blocks/tiles-grid";
import bookServiceBanner from "@/blocks/book-service-banner";
import breadcrumbs from "@/blocks/breadcrumbs";
import financeCalculator from "@/blocks/finance-calculator";
import financeCta from "@/blocks/finance-cta";
import financeEstimate from "@/blocks/finance-estimate";
import financeProviders from "@/blocks/finance-providers";
import priceRange from "@/blocks/price-range";
import richText from "@/blocks/rich-text";
import siteFooter from "@/blocks/site-footer";
import siteHeader from "@/blocks/site-header";
import successMessage from "@/blocks/success-message";

export const blockRegistry: Record<string, BlockDefinition> = {
  "announcement-bar": announcementBar,
  "blog-cards": blogCards,
  "brand-grid": brandGrid,
  hero,
  "home-banner": homeBanner,
  "promotions-slider": promotionsSlider,
  "stats-banner": statsBanner,
  "tiles-grid": tilesGrid,
  "book-service-banner": bookServiceBanner,
  breadcrumbs,
  "finance-calculator": financeCalculator,
  "finance-cta": financeCta,
  "finance-estimate": financeEstimate,
  "finance-providers": financeProviders,
  "price-range": priceRange,
  "rich-text": richText,
  "site-footer": siteFooter,
  "site-header": siteHeader,
  "success-message": successMessage,
};
