/**
 * /print?car_id={slug}: a printable page for one of this dealer's cars (the vehicle page's Print
 * button opens it in a new tab). Server-rendered, no header or footer, not indexed. It lives with
 * the vehicle page block so app/(site)/print/page.tsx stays a thin route file.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { currentRequest } from "@/runtime/request";
import { carTitle } from "@/runtime/cars/availability";
import { PrintNow } from "./client/PrintNow";
import { allSpecifications, keyInformation } from "@/blocks/shared/vehicle-page/domain/specs";
import { truncateComments } from "@/blocks/shared/vehicle-page/domain/comments";
import { cachedCarBySlug } from "@/blocks/shared/vehicle-page/domain/cache";
import { priceText } from "@/blocks/shared/vehicle-page/domain/price";
import { carContact } from "@/blocks/shared/locations/domain/lookup";

type SearchParams = Record<string, string | string[] | undefined>;

function carSlug(searchParams: SearchParams): string | null {
  const v = searchParams.car_id;
  const s = Array.isArray(v) ? v[0] : v;
  return s && s.trim() ? s.trim() : null;
}

async function findCar(searchParams: SearchParams) {
  const { tenant } = await currentRequest();
  if (tenant.kind !== "site") return null;
  const slug = carSlug(searchParams);
  // The per-car data cache: metadata and page share one lookup, as the vehicle page does.
  const car = slug ? await cachedCarBySlug(tenant.manifest, slug) : null;
  return car ? { car, manifest: tenant.manifest } : null;
}

export async function printMetadata(searchParams: SearchParams): Promise<Metadata> {
  const found = await findCar(searchParams);
  return { title: found ? `${carTitle(found.car)} | ${found.manifest.name}` : "Vehicle not found", robots: { index: false, follow: false } };
}

export async function renderPrintPage(searchParams: SearchParams) {
  const found = await findCar(searchParams);
  if (!found) notFound();
  const { car, manifest } = found;
  const title = carTitle(car);
  const image = car.images[0]?.image.url;
  const comments = truncateComments(car.dealercomments, 2000);
  const contact = carContact(manifest, car);
  const phone = contact.phone;
  return (
    <main id="main" className="container" style={{ maxWidth: "52rem", padding: "1.5rem 1rem" }}>
      <style>
        {
          "@media print { .print-hide { display: none !important; } @page { margin: 14mm; } } .print-specs { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr)); gap: 0.15rem 1.5rem; } .print-specs div { display: flex; justify-content: space-between; gap: 1rem; border-bottom: 1px solid #ddd; padding: 0.2rem 0; } .print-specs dd { margin: 0; font-weight: 600; text-align: right; overflow-wrap: anywhere; } .print-features { columns: 2 14rem; }"
        }
      </style>
      <p style={{ margin: 0 }}>{manifest.name}</p>
      <h1 style={{ margin: "0.25rem 0 0.75rem" }}>{title}</h1>
      {image ? <img src={image} alt={title} width={800} height={600} style={{ width: "100%", height: "auto", maxWidth: "36rem" }} /> : null}
      <p style={{ fontSize: "1.5rem", fontWeight: 700 }}>{priceText(car, manifest.wording) ?? "SOLD"}</p>
      <h2>Key information</h2>
      <dl className="print-specs">
        {keyInformation(car).map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      {comments ? (
        <>
          <h2>Dealer comments</h2>
          <p style={{ whiteSpace: "pre-line" }}>{comments.short}</p>
        </>
      ) : null}
      {car.standardEquipment?.length ? (
        <>
          <h2>Features</h2>
          <ul className="print-features">
            {car.standardEquipment.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>All specifications</h2>
      <dl className="print-specs">
        {allSpecifications(car).map((s) => (
          <div key={s.label}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
      <p>
        {contact.name}
        {phone ? ` · ${phone}` : ""} · Stock No. {car.stocknum}
      </p>
      <PrintNow auto={searchParams.auto !== "0"} />
    </main>
  );
}
