import { Link } from "@/runtime/ui/link";

/**
 * The way back from a payment page (checkout, checkout journey) to the car. Not prefetched: in
 * view on a phone, Next's prefetch fetched the vehicle page's payload (16 KiB) and then its client
 * code (13.5 KiB of script) during the payment page's load, for a link a shopper part-way through
 * paying rarely follows; Lighthouse counted it as the page's script (the journey's 162 KiB).
 */
export function BackToVehicle({ slug }: { slug: string }) {
  return <Link href={`/cars/${encodeURIComponent(slug)}`}>Back to the vehicle</Link>;
}
