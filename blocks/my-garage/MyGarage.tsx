import { Link } from "@/runtime/ui/link";
import type { ResolvedMyGarageProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { SignOutForm } from "@/blocks/shared/accounts/SignOutForm";
import { signInHref } from "@/runtime/accounts/kinds";
import { siteTimeZone } from "@/runtime/time";
import { WatchlistList } from "@/blocks/shared/accounts/WatchlistList";
import styles from "@/blocks/shared/accounts/accounts.module.css";
import type { GarageData } from "./load";
import garage from "./my-garage.module.css";
import { FavouritesList } from "@/blocks/shared/favourites/client/FavouritesList.lazy";
import { RecentlyViewed } from "@/blocks/shared/recently-viewed/client/RecentlyViewed.lazy";

// An enquiry's day as the dealer's calendar has it (a Perth dealer's evening enquiry is not tomorrow's).
const dateIn = (timeZone: string) => new Intl.DateTimeFormat("en-AU", { day: "numeric", month: "short", year: "numeric", timeZone });

export function MyGarage({ props, data, site }: BlockComponentProps<ResolvedMyGarageProps, GarageData>) {
  if (!data) return <p className={styles.section}>Your garage could not be loaded. Please try again.</p>;
  if (!data.signedIn) {
    return (
      <section className={styles.section}>
        <h1 className={styles.title}>{props.title}</h1>
        <Link className="button" href={signInHref("my-garage", site.pathname)}>
          Sign in to your garage
        </Link>
      </section>
    );
  }
  const car = data.ownCar;
  const dateFormat = dateIn(siteTimeZone(site.manifest));
  return (
    <section className={styles.section} aria-labelledby="garage-title">
      <h1 id="garage-title" className={styles.title}>
        {props.title}
      </h1>
      <div className={garage.account}>
        <p>Signed in as {data.who}</p>
        <SignOutForm />
      </div>
      <h2>Watchlist</h2>
      {data.hasPhone ? (
        <WatchlistList items={data.watchlist} emptyText="No cars in your watchlist yet." />
      ) : (
        <p>
          <Link href={signInHref("watchlist", site.pathname)}>Add your mobile number</Link> to save cars to your watchlist.
        </p>
      )}
      <h2>Favourites</h2>
      <FavouritesList emptyText="No favourites yet." />
      <RecentlyViewed heading="Recently viewed" emptyText="No cars viewed yet." />
      <h2>Enquiries</h2>
      {data.enquiries.length === 0 ? (
        <p>No enquiries sent from this account yet.</p>
      ) : (
        <ul className={styles.list}>
          {data.enquiries.map((e) => (
            <li key={e.id} className={styles.item}>
              <span>{e.category}</span>
              {e.carTitle ? <span>{e.carTitle}</span> : null}
              <time dateTime={e.createdAt}>{dateFormat.format(new Date(e.createdAt))}</time>
            </li>
          ))}
        </ul>
      )}
      <h2 id="own-car-title">My car</h2>
      <p>Tell us about your own car and we&apos;ll remind you when its service is due.</p>
      <form className={garage.form} method="post" action="/api/account/own-car" aria-labelledby="own-car-title">
        <label>
          Make
          <input name="make" defaultValue={car?.make} maxLength={40} autoComplete="off" />
        </label>
        <label>
          Model
          <input name="model" defaultValue={car?.model} maxLength={40} autoComplete="off" />
        </label>
        <label>
          Year
          <input name="year" defaultValue={car?.year} inputMode="numeric" pattern="[0-9]{4}" maxLength={4} />
        </label>
        <label>
          Rego
          <input name="rego" defaultValue={car?.rego} maxLength={10} autoComplete="off" />
        </label>
        <label>
          Next service due
          <input name="nextService" type="date" defaultValue={car?.nextService} />
        </label>
        <input type="hidden" name="redirect" value={site.pathname} />
        <button type="submit" className="button">
          Save my car
        </button>
      </form>
    </section>
  );
}
