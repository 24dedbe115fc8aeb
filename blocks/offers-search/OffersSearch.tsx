import { redirect } from "next/navigation";
import type { ResolvedOffersSearchProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { SearchPageData } from "@/blocks/shared/search/server";
import { SearchApp } from "@/blocks/shared/search/SearchApp.lazy";
import "@/blocks/shared/search/styles";
import styles from "./offers-search.module.css";

/** /special-offers: the shared search experience over cars on offer from this site's dealerships, 21 per page. */
export function OffersSearch({ props, data }: BlockComponentProps<ResolvedOffersSearchProps, SearchPageData>) {
  const heading = props.heading;
  if (!data) {
    return (
      <div className={styles.fallback}>
        <h1>{heading}</h1>
        <p>Our offers are not available just now. Please try again shortly.</p>
      </div>
    );
  }
  // The search form's GET submission: on to the canonical URL of the same search.
  if (data.redirectTo) redirect(data.redirectTo);
  const { state: _state, landing, redirectTo: _redirect, ...clientData } = data;
  return (
    <>
      <SearchApp data={clientData} heading={heading} showHeading intro={props.intro || undefined} searchPlaceholder="Search offers" />
    </>
  );
}
