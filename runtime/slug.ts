/**
 * The platform's one slug rule, for car slugs (/cars/{slug}) and the make and model segments of
 * search URLs (/search/{make}/{model}): accents dropped (Škoda → skoda, Ténéré → tenere), '+' read
 * as 'plus' (Sport+ → sport-plus) and '&' as 'and', every other run of characters that is not a
 * letter or digit one hyphen, no hyphen at either end. Pure; safe in the browser.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\+/g, " plus ")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
