/**
 * Display formatting for finance figures. Done by hand rather than with Intl so the server
 * render and the browser always produce the same string (ICU data differs between runtimes,
 * which would cause hydration mismatches).
 */

function group(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function signed(value: number, body: (abs: number) => string): string {
  // -0 and values that round to zero must not print as "-$0".
  const text = body(Math.abs(value));
  return value < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Whole dollars, e.g. 30000 -> "$30,000" (dollar sign, comma grouping, no decimals). */
export function formatCurrency(value: number): string {
  if (!Number.isFinite(value)) return "";
  return signed(value, (abs) => `$${group(Math.round(abs).toString())}`);
}

/** Dollars and cents for repayments, e.g. 579.984 -> "$579.98". */
export function formatCurrencyCents(value: number): string {
  if (!Number.isFinite(value)) return "";
  return signed(value, (abs) => {
    // Same tie-breaking as roundPayment: 1.005 (stored as 1.00499...) is a half cent and rounds up.
    const [int, cents] = (Math.round(abs * 100 + 1e-9) / 100).toFixed(2).split(".");
    return `$${group(int)}.${cents}`;
  });
}

/** Percent with two decimals, e.g. 6 -> "6.00%". */
export function formatPercent(value: number): string {
  if (!Number.isFinite(value)) return "";
  return `${(Math.round(value * 100) / 100).toFixed(2)}%`;
}

/** Thousands separator without a currency sign, for typed inputs (price, kms). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  return signed(value, (abs) => group(Math.round(abs).toString()));
}

export interface TruncatedText {
  short: string;
  full: string;
  /** False when the text already fits, so no 'Show More' toggle is needed. */
  truncated: boolean;
}

/** Cuts a disclaimer for the collapsed view (197 characters, then an ellipsis). */
export function truncateDisclaimer(text: string, limit = 197): TruncatedText {
  if (text.length <= limit) return { short: text, full: text, truncated: false };
  return { short: `${text.slice(0, limit).trimEnd()}...`, full: text, truncated: true };
}
