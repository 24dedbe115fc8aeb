"use client";

import { useHits } from "react-instantsearch";
import { collapseSold } from "@/blocks/shared/search/domain/sold";
import { insertPromoCards, type PlacedPromo } from "@/blocks/shared/search/domain/promo-cards";
import { VehicleCard } from "@/blocks/shared/vehicle-card/VehicleCard";
import type { CardCar } from "@/blocks/shared/vehicle-card/card-model";
import * as carActions from "@/blocks/shared/vehicle-card/client/car-actions";
import type { SearchPageConfig } from "./config";
import { PromoCard } from "./PromoCard";
import styles from "./search.module.css";

/** Cards of the first row (up to three columns) load eagerly with high priority; the rest lazily. */
export const PRIORITY_CARDS = 3;

export function ResultsGrid({ config, promos, nowMs, dimmed }: { config: SearchPageConfig; promos: PlacedPromo[]; nowMs: number; dimmed: boolean }) {
  const { items } = useHits<CardCar & { objectID: string }>();
  const cars = collapseSold(items);
  const grid = insertPromoCards(cars, promos);
  const options = { ...config.card, nowMs };
  return (
    <ul className={styles.grid} data-dimmed={dimmed ? "true" : "false"} data-testid="results-grid">
      {grid.map((item, i) =>
        item.kind === "car" ? (
          <li key={item.car.objectID} className={styles.cell}>
            <VehicleCard car={item.car} options={options} priority={i < PRIORITY_CARDS} actions={carActions} />
          </li>
        ) : (
          <li key={`promo-${item.card.id}-${i}`} className={styles.cell}>
            <PromoCard card={item.card} />
          </li>
        ),
      )}
    </ul>
  );
}
