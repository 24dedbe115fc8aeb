/**
 * Australian addresses as people type them on one line ("12 River Street, Ballina NSW 2478"),
 * split into the manifest's street, suburb, state and postcode; and the time zone a state's
 * dealers keep. Pure. Written here rather than taken from a library: the address parsers on npm
 * are for US or UK addresses, or call a paid geocoder; the one-line Australia Post form (street,
 * suburb, state abbreviation, four-digit postcode) is all a new dealer's answer needs.
 * Whatever cannot be told apart is left empty, never guessed.
 */
import type { DealerTimeZone } from "../generated/types";

export const AU_STATES = ["qld", "nsw", "vic", "tas", "sa", "wa", "nt", "act"] as const;
export type AuState = (typeof AU_STATES)[number];

export interface AddressParts {
  street: string;
  /** Suburb or town. */
  city: string;
  state: AuState | "";
  postcode: string;
}

const STATE_WORDS: [string, AuState][] = [
  ["australian capital territory", "act"],
  ["new south wales", "nsw"],
  ["northern territory", "nt"],
  ["western australia", "wa"],
  ["south australia", "sa"],
  ["queensland", "qld"],
  ["victoria", "vic"],
  ["tasmania", "tas"],
  ...AU_STATES.map((s) => [s, s] as [string, AuState]),
];

/** The state an answer names ("NSW", "nsw", "New South Wales"), or "". */
export function stateOf(text: string | undefined): AuState | "" {
  const t = (text ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  return STATE_WORDS.find(([w]) => w === t)?.[1] ?? "";
}

const STATE_PATTERN = STATE_WORDS.map(([w]) => w.replace(/ /g, "\\s+")).join("|");
/** State then optional postcode at the end ("Ballina NSW 2478", "Ballina, nsw"), or only a postcode. */
const TAIL = new RegExp(`(?:^|[\\s,]+)(${STATE_PATTERN})\\.?(?:[\\s,]+(\\d{4}))?$`, "i");
const POSTCODE_TAIL = /(?:^|[\s,]+)(\d{4})$/;
/** Street types, so "12 River Street Ballina" splits after "Street" when there is no comma. */
const STREET_TYPE =
  /^(.*\b(?:street|st|road|rd|avenue|ave|av|highway|hwy|drive|dr|parade|pde|lane|ln|place|pl|court|ct|crescent|cres|boulevard|bvd|blvd|terrace|tce|way|close|cl|circuit|cct|esplanade|esp|square|sq|grove|gr|promenade|prom)\.?)\s+([a-z][a-z' -]*)$/i;

/** An all-capitals suburb ("BALLINA", "EAST BALLINA") written as a name; one with any lower case is kept as typed. */
function suburbName(s: string): string {
  const t = s.trim().replace(/\s+/g, " ");
  return t === t.toUpperCase() ? t.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase()) : t;
}

/**
 * The parts of a one-line Australian address. The state and postcode are read from the end; the
 * rest splits into street and suburb at its last comma, else after the last street type
 * ("Street", "Rd", "Hwy"…). What cannot be told apart is left empty: an address with no comma
 * and no street type keeps everything as the street, and the suburb is for the person to fill.
 */
export function parseAddressLine(line: string): AddressParts {
  let rest = line
    .trim()
    .replace(/\s+/g, " ")
    .replace(/[\s,]*\baustralia\.?$/i, "");
  let state: AuState | "" = "";
  let postcode = "";
  const tail = TAIL.exec(rest);
  if (tail) {
    state = stateOf(tail[1]);
    postcode = tail[2] ?? "";
    rest = rest.slice(0, tail.index);
  } else {
    const p = POSTCODE_TAIL.exec(rest);
    if (p && /[a-z]/i.test(rest.slice(0, p.index))) {
      postcode = p[1];
      rest = rest.slice(0, p.index);
    }
  }
  rest = rest.replace(/[\s,]+$/, "");
  let street = rest;
  let city = "";
  const comma = rest.lastIndexOf(",");
  if (comma !== -1) {
    street = rest.slice(0, comma).trim();
    city = rest.slice(comma + 1).trim();
  } else if (state || postcode) {
    const m = STREET_TYPE.exec(rest);
    if (m) {
      street = m[1];
      city = m[2];
    }
  }
  return { street: street.replace(/,\s*$/, ""), city: suburbName(city), state, postcode };
}

const STATE_ZONES: Record<AuState, DealerTimeZone> = {
  qld: "Australia/Brisbane",
  nsw: "Australia/Sydney",
  act: "Australia/Sydney",
  vic: "Australia/Melbourne",
  tas: "Australia/Hobart",
  sa: "Australia/Adelaide",
  wa: "Australia/Perth",
  nt: "Australia/Darwin",
};

/**
 * The time zone a dealer in `state` keeps: its capital's; Broken Hill (NSW 2880) keeps South
 * Australian time. Null without a state: the person chooses.
 */
export function timeZoneFor(state: AuState | "", postcode = ""): DealerTimeZone | null {
  if (!state) return null;
  if (state === "nsw" && postcode === "2880") return "Australia/Broken_Hill";
  return STATE_ZONES[state];
}

/** Where a postcode is, as the postcode data lists it: one entry per suburb. */
export interface PostcodePlace {
  state: string;
  locality: string;
}

export interface AddressProblem {
  field: "city" | "state" | "postcode";
  message: string;
}

/**
 * Whether suburb, state and postcode agree with the postcode data (`places`: the suburbs a
 * postcode covers, empty when the postcode is unknown). Fields left empty are not checked.
 */
export function addressAgreement(address: AddressParts, places: (postcode: string) => readonly PostcodePlace[]): AddressProblem[] {
  if (!/^\d{4}$/.test(address.postcode)) return address.postcode ? [{ field: "postcode", message: `'${address.postcode}' is not a four-digit postcode.` }] : [];
  const found = places(address.postcode);
  if (!found.length) return [{ field: "postcode", message: `Postcode ${address.postcode} is not in the Australian postcode list.` }];
  const problems: AddressProblem[] = [];
  const states = [...new Set(found.map((p) => stateOf(p.state)).filter(Boolean))];
  if (address.state && !states.includes(address.state))
    problems.push({
      field: "state",
      message: `Postcode ${address.postcode} is in ${states.map((s) => s.toUpperCase()).join(" or ")}, not ${address.state.toUpperCase()}.`,
    });
  const suburb = address.city.trim().toLowerCase();
  const inState = found.filter((p) => !address.state || stateOf(p.state) === address.state || !states.includes(address.state));
  if (suburb && !inState.some((p) => p.locality.toLowerCase() === suburb)) {
    const names = [...new Set(inState.map((p) => suburbName(p.locality)))];
    const listed = names.length > 6 ? `${names.slice(0, 6).join(", ")} and ${names.length - 6} more` : names.join(", ");
    problems.push({ field: "city", message: `${suburbName(address.city)} is not a suburb of postcode ${address.postcode} (it covers ${listed}).` });
  }
  return problems;
}
