import type { ResolvedServiceBookingProps } from "@/runtime/generated/types";
import type { BlockComponentProps } from "@/runtime/render/types";
import { formConfig } from "@/blocks/shared/forms/config";
import { LeadForm } from "@/blocks/shared/forms/LeadForm.lazy";
import { visibleLocations } from "@/blocks/shared/locations/domain/lookup";
import { bookingLocation } from "./domain";
import styles from "./service-booking.module.css";

export const SERVICE_BOOKING_ANCHOR = "service-booking";

export function ServiceBooking({ props, site }: BlockComponentProps<ResolvedServiceBookingProps>) {
  const m = site.manifest;
  const location = bookingLocation(visibleLocations(m), props.location);
  const headingId = `${SERVICE_BOOKING_ANCHOR}-heading`;
  if (location) {
    return (
      <section id={SERVICE_BOOKING_ANCHOR} className={styles.section} aria-labelledby={headingId}>
        <h2 id={headingId}>{props.heading}</h2>
        {/* No sandbox attribute: a booking system needs its scripts, forms and its own cookies
            (allow-scripts with allow-same-origin), a pair the HTML standard rejects because it undoes
            the sandbox. The frame is another origin, so the same-origin policy keeps it out of the
            page, and the CSP's frame-src names the hosts a booking frame may come from. */}
        <iframe
          className={styles.frame}
          src={location.service_booking_url}
          title={`Online service booking, ${location.name}`}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
        <p>
          <a href={location.service_booking_url} target="_blank" rel="noopener noreferrer">
            Open the booking page in a new tab<span className="visually-hidden"> ({location.name})</span>
          </a>
        </p>
      </section>
    );
  }
  // The spec's own words, so a dealer's missing booking address is found in the logs.
  console.warn(`[service-booking] site=${m.slug} no xtime url found`);
  return (
    <section id={SERVICE_BOOKING_ANCHOR} className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      {props.intro ? <p>{props.intro}</p> : null}
      <LeadForm
        // The service locations (their hours give the times offered), not the sales yards; every location when none is one.
        config={formConfig(m, "service")}
        form="enquiry"
        category="Service"
        subcategory="Service Booking"
        labelledBy={headingId}
        showCategory={false}
        showDateTime
        showRego
        locationType="service"
        messageLabel="Your vehicle and the service it needs"
        submitText="Request booking"
        extraFields={{ source: "website" }}
      />
    </section>
  );
}
