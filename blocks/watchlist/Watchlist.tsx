import { Link } from "@/runtime/ui/link";
import type { ResolvedWatchlistProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { signInHref } from "@/runtime/accounts/kinds";
import { WatchlistList } from "@/blocks/shared/accounts/WatchlistList";
import styles from "@/blocks/shared/accounts/accounts.module.css";
import type { WatchlistData } from "./load";

export function Watchlist({ props, data, site }: BlockComponentProps<ResolvedWatchlistProps, WatchlistData>) {
  return (
    <section className={styles.section} aria-labelledby="watchlist-title">
      <h1 id="watchlist-title" className={styles.title}>
        {props.title}
      </h1>
      {!data ? (
        <p>Your watchlist could not be loaded. Please try again.</p>
      ) : data.signedIn ? (
        <WatchlistList items={data.items} emptyText={props.emptyText} />
      ) : (
        <p>
          <Link className="button" href={signInHref("watchlist", site.pathname)}>
            Sign in to see your watchlist
          </Link>
        </p>
      )}
    </section>
  );
}
