"use client";
import { useEffect, useState, type ComponentType } from "react";
import type { MapMarker } from "./map-types";

export interface LocationsMapProps {
  apiKey: string;
  markers: MapMarker[];
  label: string;
  className: string;
}

/**
 * The map's place on the page. It is rendered on the server as an empty box of the map's size
 * (so nothing shifts) and made live through its lazy wrapper (hydrateLater, "visible") only when
 * it nears the viewport; only then is @react-google-maps/api fetched (a chunk of its own) and the
 * Maps script requested. Without a key the server never renders this at all: no script, no error.
 */
export function LocationsMap(props: LocationsMapProps) {
  const [Canvas, setCanvas] = useState<ComponentType<LocationsMapProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    import("./GoogleMapCanvas").then(
      (m) => !cancelled && setCanvas(() => m.GoogleMapCanvas),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div className={props.className} data-map="pending" role="region" aria-label={props.label}>
      {Canvas ? <Canvas {...props} /> : null}
    </div>
  );
}
