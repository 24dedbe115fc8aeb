/** The carousel's layout rules by card count. */
export interface CarouselLayout {
  /** Fewer than 3 cards sit centred. */
  centred: boolean;
  /** Cards per view on large screens: one per card up to 4, then 5 columns. */
  columns: number;
  /** The swipe hint on small screens: whenever there is more than one card. */
  swipeHintSmall: boolean;
  /** On large screens the hint is hidden once there are more than 3 cards. */
  swipeHintLarge: boolean;
}

export function carouselLayout(count: number): CarouselLayout {
  return {
    centred: count < 3,
    columns: count > 4 ? 5 : Math.max(1, count),
    swipeHintSmall: count > 1,
    swipeHintLarge: count > 1 && count <= 3,
  };
}
