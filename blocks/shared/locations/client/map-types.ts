/** What a map shows: one marker per location, with its info window text. */
export interface MapMarker {
  id: number;
  name: string;
  lat: number;
  lng: number;
  address: string;
  phone: string;
  directionsUrl: string;
  /** The location's page on this site, when it has one. */
  href?: string;
}

/** Google's highest useful zoom for a dealership (spec: map zoom capped at 15). */
export const MAX_MAP_ZOOM = 15;
