import type { ResolvedFavouritesProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { FavouritesList } from "@/blocks/shared/favourites/client/FavouritesList.lazy";
import styles from "@/blocks/shared/accounts/accounts.module.css";

export function Favourites({ props }: BlockComponentProps<ResolvedFavouritesProps>) {
  return (
    <section className={styles.section} aria-labelledby="favourites-title">
      <h1 id="favourites-title" className={styles.title}>
        {props.title}
      </h1>
      <FavouritesList emptyText={props.emptyText} />
    </section>
  );
}
