/** Phone reveal: the first 5 characters are kept and every following digit becomes a star, so the number is only dialled once the visitor asks for it (and the reveal is counted). */
export const PHONE_VISIBLE_CHARACTERS = 5;

export function maskPhone(phone: string): string {
  const text = phone.trim();
  return text.slice(0, PHONE_VISIBLE_CHARACTERS) + text.slice(PHONE_VISIBLE_CHARACTERS).replace(/[0-9]/g, "*");
}

/** tel: href for a displayed number ("07 3290 4100" -> "tel:0732904100"); null when there is no digit. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^0-9+]/g, "");
  return /[0-9]/.test(digits) ? `tel:${digits}` : null;
}
