"use client";
import { useCallback, useState } from "react";
import { GoogleMap, InfoWindowF, MarkerF, useJsApiLoader } from "@react-google-maps/api";
import type { LocationsMapProps } from "./LocationsMap";
import { MAX_MAP_ZOOM } from "./map-types";

/** The Google map: a marker per location, an info window on click, zoom never past 15 (one location is shown at 15). */
export function GoogleMapCanvas({ apiKey, markers }: LocationsMapProps) {
  const { isLoaded, loadError } = useJsApiLoader({ id: "google-map-script", googleMapsApiKey: apiKey });
  const [open, setOpen] = useState<number | null>(null);
  const onLoad = useCallback(
    (map: google.maps.Map) => {
      if (markers.length < 2) return;
      const bounds = new google.maps.LatLngBounds();
      for (const m of markers) bounds.extend({ lat: m.lat, lng: m.lng });
      map.fitBounds(bounds);
    },
    [markers],
  );
  if (loadError || !isLoaded || markers.length === 0) return null;
  const active = markers.find((m) => m.id === open);
  return (
    <GoogleMap
      mapContainerStyle={{ width: "100%", height: "100%" }}
      center={{ lat: markers[0].lat, lng: markers[0].lng }}
      zoom={MAX_MAP_ZOOM}
      options={{ maxZoom: MAX_MAP_ZOOM, streetViewControl: false, mapTypeControl: false }}
      onLoad={onLoad}
    >
      {markers.map((m) => (
        <MarkerF key={m.id} position={{ lat: m.lat, lng: m.lng }} title={m.name} onClick={() => setOpen(m.id)} />
      ))}
      {active ? (
        <InfoWindowF position={{ lat: active.lat, lng: active.lng }} onCloseClick={() => setOpen(null)}>
          <div>
            <strong>{active.name}</strong>
            <br />
            {active.address}
            <br />
            <a href={`tel:${active.phone.replace(/[^0-9+]/g, "")}`}>{active.phone}</a>
            <br />
            <a href={active.directionsUrl} target="_blank" rel="noopener noreferrer">
              Get Directions
            </a>
            {active.href ? (
              <>
                {" · "}
                <a href={active.href}>View Location</a>
              </>
            ) : null}
          </div>
        </InfoWindowF>
      ) : null}
    </GoogleMap>
  );
}
