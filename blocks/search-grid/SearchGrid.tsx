import { redirect } from "next/navigation";
import { Link } from "@/runtime/ui/link";
import type { ResolvedSearchGridProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import type { SearchPageData } from "@/blocks/shared/search/server";
import { SearchApp } from "@/blocks/shared/search/SearchApp.lazy";
import { SearchPageView } from "@/blocks/shared/search/SearchPageView";
import "@/blocks/shared/search/styles";
import styles from "./search-grid.module.css";

/**
 * The stock search page (server component). Its loader ran the first search in-process; the
 * client component renders those results to HTML on the server and hydrates from them without
 * searching again. If the loader failed the block still renders the search, which then searches
 * from the browser.
 */
export function SearchGrid({ props, data }: BlockComponentProps<ResolvedSearchGridProps, SearchPageData>) {
  if (!data) {
    return (
      <div className={styles.fallback}>
        {props.showHeading ? <h1>Our stock</h1> : null}
        <p>
          Our stock list is not available just now. Please try again shortly, or <Link href="/contact">contact our sales team</Link>.
        </p>
      </div>
    );
  }
  // The search form's GET submission: on to the canonical URL of the same search.
  if (data.redirectTo) redirect(data.redirectTo);
  const { state: _state, landing, redirectTo: _redirect, ...clientData } = data;
  return (
    <>
      <SearchPageView />
      <SearchApp data={clientData} showHeading={props.showHeading} intro={props.intro || undefined} searchPlaceholder={props.searchPlaceholder} />
    </>
  );
}
