"use client";

import { useEffect, useId, useMemo, useState } from "react";
import { useFormContext } from "react-hook-form";
import { MESSAGES } from "@/runtime/leads/messages";
import type { PickerOption } from "./config";
import { errorOf, FieldErrorText, RequiredMark, useFieldId } from "./Fields";
import styles from "./forms.module.css";

export const RADIUS_OPTIONS_KM = [25, 50, 75, 100, 150, 250, 500, 750, 1000] as const;
export const DEFAULT_RADIUS_KM = 50;
export const LOCATIONS_ENDPOINT = "/api/manufacturer-locations";

interface ApiLocation {
  id: number;
  name: string;
  slug: string;
  dealership_id: number;
  dealership_slug?: string;
  address: { city: string; postcode: string; state: string; lat?: number; long?: number };
  distance_km?: number;
}
interface ApiWebsite {
  dealership: { id: number; slug: string; name: string };
  locations: ApiLocation[];
}

/** The API's websites as picker options (opening hours are not part of the answer). */
export function optionsFromWebsites(websites: ApiWebsite[], known: PickerOption[] = []): PickerOption[] {
  const out: PickerOption[] = [];
  for (const w of websites ?? []) {
    for (const l of w.locations ?? []) {
      const k = known.find((o) => o.location_id === l.id);
      out.push({
        location_id: l.id,
        name: l.name,
        slug: l.slug,
        city: l.address?.city ?? "",
        postcode: l.address?.postcode ?? "",
        state: String(l.address?.state ?? "").toUpperCase(),
        dealership_id: l.dealership_id,
        dealership_slug: l.dealership_slug ?? w.dealership.slug,
        dealership_name: w.dealership.name,
        ...(typeof l.address?.lat === "number" ? { lat: l.address.lat } : {}),
        ...(typeof l.address?.long === "number" ? { lng: l.address.long } : {}),
        hours: k?.hours ?? [],
        ...(typeof l.distance_km === "number" ? { distance_km: l.distance_km } : {}),
      });
    }
  }
  return out.sort((a, b) => (a.distance_km ?? 0) - (b.distance_km ?? 0));
}

/** Options matching a typed city, postcode or dealership (or location) name. */
export function matchOptions(options: PickerOption[], query: string): PickerOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  return options.filter((o) => [o.name, o.city, o.postcode, o.dealership_name, o.state].some((v) => v.toLowerCase().includes(q)));
}

async function fetchLocations(params: Record<string, string>, fetchImpl: typeof fetch): Promise<{ websites: ApiWebsite[] } | { invalidPostcode: true }> {
  const res = await fetchImpl(`${LOCATIONS_ENDPOINT}?${new URLSearchParams(params)}`, { headers: { accept: "application/json" } });
  if (res.status === 400 && params.postcode) return { invalidPostcode: true };
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const data = (await res.json()) as { websites?: ApiWebsite[] };
  return { websites: Array.isArray(data.websites) ? data.websites : [] };
}

export interface DealershipPickerProps {
  /** The dealer's locations, from the server (the form config's `locations`). */
  options: PickerOption[];
  locationType?: string;
  label?: string;
  fetchImpl?: typeof fetch;
}

type Lookup = "idle" | "loading" | "invalid" | "failed";

/** A typed four-digit postcode (the finder then asks the API for nearby dealerships), or null. */
export function postcodeOf(query: string): string | null {
  return /^[0-9]{4}$/.test(query.trim()) ? query.trim() : null;
}

/** The finder's status line: the postcode lookup's progress and result, or how many names match. */
export function pickerStatus(query: string, postcode: string | null, lookup: Lookup, matchCount: number, radius: number): string {
  if (postcode) {
    if (lookup === "loading") return "Looking for dealerships near that postcode…";
    if (lookup === "invalid") return MESSAGES.postcodeNotFound;
    if (lookup === "failed") return "Nearby dealerships could not be loaded. Please choose from the list.";
    return `${matchCount} ${matchCount === 1 ? "dealership" : "dealerships"} within ${radius} km`;
  }
  if (!query.trim()) return "";
  return `${matchCount} ${matchCount === 1 ? "dealership matches" : "dealerships match"}`;
}

/** Nearby dealerships for a postcode, from the API (the server geocodes it); null without a postcode. */
function useNearby(postcode: string | null, radius: number, locationType: string, options: PickerOption[], doFetch: typeof fetch | undefined) {
  const [nearby, setNearby] = useState<PickerOption[] | null>(null);
  const [lookup, setLookup] = useState<Lookup>("idle");
  useEffect(() => {
    if (!postcode || !doFetch) {
      setNearby(null);
      setLookup("idle");
      return;
    }
    let live = true;
    setLookup("loading");
    fetchLocations({ location_type: locationType, postcode, radius: String(radius) }, doFetch)
      .then((r) => {
        if (!live) return;
        if ("invalidPostcode" in r) {
          setNearby([]);
          setLookup("invalid");
        } else {
          setNearby(optionsFromWebsites(r.websites, options));
          setLookup("idle");
        }
      })
      .catch(() => {
        console.error(MESSAGES.failedToFetchLocations);
        if (live) {
          setNearby([]);
          setLookup("failed");
        }
      });
    return () => {
      live = false;
    };
    // options only enrich the answer; a new list does not need a new lookup
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [postcode, radius, locationType, doFetch]);
  return { nearby, lookup };
}

/** The dealer's one location, named rather than offered. */
function OnlyLocation({ only, label, uid }: { only: PickerOption; label: string; uid: string }) {
  const { register } = useFormContext();
  return (
    <div className={`${styles.field} ${styles.full}`}>
      <p className={styles.label} id={`${uid}-only`}>
        {label}
      </p>
      {/* Read after its label in document order; a paragraph may not be named by aria-labelledby. */}
      <p className={styles.onlyLocation}>
        {only.name}, {only.city}
      </p>
      <input type="hidden" {...register("location_id")} />
    </div>
  );
}

/** The finder's search box and, for a postcode, the distance to search within. */
function Finder(p: { uid: string; query: string; setQuery: (q: string) => void; postcode: string | null; radius: number; setRadius: (r: number) => void }) {
  const { uid } = p;
  return (
    <div className={styles.pickerFinder}>
      <div className={styles.field}>
        <label htmlFor={`${uid}-find`} className={styles.subLabel}>
          Find by postcode, city or dealership name
        </label>
        <input
          id={`${uid}-find`}
          className={styles.input}
          type="search"
          autoComplete="off"
          value={p.query}
          onChange={(e) => p.setQuery(e.target.value)}
          aria-describedby={`${uid}-status`}
        />
      </div>
      {p.postcode ? (
        <div className={styles.field}>
          <label htmlFor={`${uid}-radius`} className={styles.subLabel}>
            Distance
          </label>
          <select id={`${uid}-radius`} className={styles.select} value={p.radius} onChange={(e) => p.setRadius(Number(e.target.value))}>
            {RADIUS_OPTIONS_KM.map((r) => (
              <option key={r} value={r}>
                Within {r} km
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}

/** The matching dealerships as buttons; pressing one chooses it. */
function MatchList({ matches, selected, choose }: { matches: PickerOption[]; selected: string; choose: (o: PickerOption) => void }) {
  return (
    <ul className={styles.nearby} aria-label="Matching dealerships">
      {matches.map((o) => (
        <li key={o.location_id}>
          <button type="button" className={styles.nearbyButton} aria-pressed={selected === String(o.location_id)} onClick={() => choose(o)}>
            <span className={styles.nearbyName}>{o.name}</span>
            <span className={styles.nearbyMeta}>
              {o.city} {o.postcode}
              {typeof o.distance_km === "number" ? ` · ${o.distance_km} km` : ""}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The select of every location: the form's `location_id` field, with its error. */
function LocationSelect({ id, error, options }: { id: string; error: string | undefined; options: PickerOption[] }) {
  const { register, getValues } = useFormContext();
  const initial = getValues("location_id") as unknown;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.subLabel}>
        Choose a dealership
      </label>
      <select
        id={id}
        defaultValue={typeof initial === "string" || typeof initial === "number" ? String(initial) : undefined}
        className={styles.select}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register("location_id")}
      >
        <option value="">Select a dealership</option>
        {options.map((o) => (
          <option key={o.location_id} value={String(o.location_id)}>
            {o.name} ({o.city})
          </option>
        ))}
      </select>
      <FieldErrorText id={id} error={error} />
    </div>
  );
}

/**
 * The dealership field (form value `location_id`): a select of every location, plus a finder that
 * narrows by postcode, city or dealership name and lists nearby dealerships by distance (radius 25
 * to 1000 km, default 50). A single remaining match is selected automatically; one location in
 * all is selected without asking; with none, nothing is rendered. When nearby dealerships cannot be
 * fetched for a postcode, 'Failed to fetch locations' is logged and the full list stays available.
 */
export function DealershipPicker({ options, locationType = "sales", label = "Dealership location", fetchImpl }: DealershipPickerProps) {
  const idFor = useFieldId();
  const uid = useId();
  const {
    setValue,
    watch,
    formState: { errors },
  } = useFormContext();
  const [query, setQuery] = useState("");
  const [radius, setRadius] = useState<number>(DEFAULT_RADIUS_KM);
  const selected = String(watch("location_id") ?? "");
  const id = idFor("location_id");
  const error = errorOf(errors, "location_id");
  const doFetch = fetchImpl ?? (typeof fetch === "function" ? fetch : undefined);

  useEffect(() => {
    if (options.length === 1 && !selected) setValue("location_id", String(options[0].location_id), { shouldValidate: false });
  }, [options, selected, setValue]);

  const postcode = postcodeOf(query);
  const { nearby, lookup } = useNearby(postcode, radius, locationType, options, doFetch);
  const matches = useMemo(() => (postcode ? (nearby ?? []) : matchOptions(options, query)), [postcode, nearby, options, query]);

  // A single remaining location is selected automatically.
  useEffect(() => {
    if (query.trim() && matches.length === 1 && selected !== String(matches[0].location_id)) {
      setValue("location_id", String(matches[0].location_id), { shouldValidate: !!error });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matches, query]);

  if (options.length === 0) return null;
  if (options.length === 1) return <OnlyLocation only={options[0]} label={label} uid={uid} />;

  return (
    <fieldset className={`${styles.fieldset} ${styles.full} ${styles.picker}`}>
      <legend className={styles.label}>
        {label}
        <RequiredMark />
      </legend>
      <Finder uid={uid} query={query} setQuery={setQuery} postcode={postcode} radius={radius} setRadius={setRadius} />
      <p id={`${uid}-status`} className={styles.hint} role="status">
        {pickerStatus(query, postcode, lookup, matches.length, radius)}
      </p>
      {matches.length ? (
        <MatchList
          matches={matches}
          selected={selected}
          choose={(o) => setValue("location_id", String(o.location_id), { shouldValidate: !!error, shouldDirty: true })}
        />
      ) : null}
      <LocationSelect id={id} error={error} options={options} />
    </fieldset>
  );
}

/** The lead's dealership fields for a chosen location (the only one when there is one). */
export function locationLeadFields(locationId: unknown, options: PickerOption[]): Record<string, unknown> {
  const chosen = options.length === 1 ? options[0] : options.find((o) => String(o.location_id) === String(locationId ?? ""));
  if (!chosen) return {};
  return { location_id: chosen.location_id, dealership_id: chosen.dealership_id, location: chosen.name.slice(0, 200) };
}

/** '*Please select a dealership location' when the picker offers a choice and none is made. */
export function dealershipRequired(locationId: unknown, options: PickerOption[]): { field: string; message: string }[] {
  if (options.length <= 1) return [];
  return options.some((o) => String(o.location_id) === String(locationId ?? "")) ? [] : [{ field: "location_id", message: MESSAGES.selectDealership }];
}
