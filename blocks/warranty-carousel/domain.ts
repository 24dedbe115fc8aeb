/** Spoken position of a card ("2 of 3") for its group's accessible name (aria-roledescription="slide"). */
export function slidePosition(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}

/** The previous/next buttons are only offered when there is somewhere to go: more than one card. */
export function showsButtons(count: number): boolean {
  return count > 1;
}
