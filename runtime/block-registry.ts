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
import searchGrid from "@/blocks/search-grid";
import offersSearch from "@/blocks/offers-search";
import vehiclePage from "@/blocks/vehicle-page";
import enquiryForm from "@/blocks/enquiry-form";
import multiStepEnquiry from "@/blocks/multi-step-enquiry";
import testDriveForm from "@/blocks/test-drive-form";
import partsOrderForm from "@/blocks/parts-order-form";
import financeEnquiryForm from "@/blocks/finance-enquiry-form";
import tradeInForm from "@/blocks/trade-in-form";

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
  "search-grid": searchGrid,
  "offers-search": offersSearch,
  "vehicle-page": vehiclePage,
  "enquiry-form": enquiryForm,
  "multi-step-enquiry": multiStepEnquiry,
  "test-drive-form": testDriveForm,
  "parts-order-form": partsOrderForm,
  "finance-enquiry-form": financeEnquiryForm,
  "trade-in-form": tradeInForm,
};
