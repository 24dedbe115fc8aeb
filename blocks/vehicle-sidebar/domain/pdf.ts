/**
 * The vehicle page's PDF download ({slug}.pdf), built on the server with pdfkit: title, price (or
 * the no-price text, or SOLD), key specifications, the dealer comments as plain text, the dealer's
 * name, phone and location, and the main photo when it is one of our own rendered images.
 *
 * pdfkit loads its standard fonts at run time from its own package (createRequire + package
 * imports), so it must not be bundled: it is imported with the bundler's ignore comment and
 * resolved by Node from node_modules (adding "pdfkit" to serverExternalPackages does the same).
 */
import type { DealerManifest } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { carTitle } from "@/runtime/cars/availability";
import { IMAGE_ROUTE_PREFIX, parseVehicleImagePath } from "@/runtime/images/vehicle-image-url";
import { keyInformation } from "@/blocks/shared/vehicle-page/domain/specs";
import { truncateComments } from "@/blocks/shared/vehicle-page/domain/comments";
import { priceText } from "@/blocks/shared/vehicle-page/domain/price";
import { resolvedWording } from "@/runtime/wording";
import { carContact } from "@/blocks/shared/locations/domain/lookup";

export const PDF_COMMENTS_LIMIT = 3000;
const PDF_IMAGE_WIDTH = 800;

export interface CarPdfInput {
  car: Car;
  manifest: Pick<DealerManifest, "name" | "contact" | "wording" | "locations">;
  /** The main photo as JPEG (or PNG); omitted when the car has none of ours. */
  image?: Buffer | null;
  /** The page's address, printed at the bottom. */
  url?: string;
  /** Compress the content streams (default true; tests read the text uncompressed). */
  compress?: boolean;
}

/**
 * Text safe for the PDF's standard fonts: no control characters (a tab becomes a space), line
 * breaks kept. Dealer text is never interpreted (no HTML, no markup): it is drawn as written.
 */
export function pdfText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\uFEFF]/g, "")
    .normalize("NFC");
}

/** The price line: the price, the dealer's no-price text, or the unavailable state. */
export function pdfPriceText(car: Car, manifest: Pick<DealerManifest, "wording">): string {
  return priceText(car, manifest.wording) ?? (car.status === "sold" ? "SOLD" : "No longer available");
}

/** The main image URL of the car when it is one of ours (the vehicle image route on this site), parsed; otherwise null. */
export function ownImageOptions(url: string | undefined | null, hosts: readonly string[] = []) {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://self.invalid");
  } catch {
    return null;
  }
  const own = parsed.host === "self.invalid" ? url.startsWith("/") && !url.startsWith("//") : hosts.includes(parsed.host);
  if (!own || !parsed.pathname.startsWith(`${IMAGE_ROUTE_PREFIX}/`)) return null;
  return parseVehicleImagePath(parsed.pathname.split("/").filter(Boolean), parsed.searchParams);
}

/** The car's main photo as JPEG for the PDF, or null (not one of ours, or it failed to render: the PDF goes without). */
export async function carPdfImage(car: Car, hosts: readonly string[] = []): Promise<Buffer | null> {
  const options = ownImageOptions(car.images[0]?.image?.url ?? car.primary_image_url, hosts);
  if (!options) return null;
  try {
    const { renderVehicleImage } = await import("@/runtime/images/vehicle-image");
    const rendered = await renderVehicleImage({ ...options, format: "jpeg", width: PDF_IMAGE_WIDTH, quality: 80 });
    return rendered.buffer;
  } catch (e) {
    console.warn(`[vehicle-page] car=${car.slug} PDF photo skipped: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

type PdfDoc = InstanceType<typeof import("pdfkit")>;

async function loadPdfKit(): Promise<new (options?: PDFKit.PDFDocumentOptions) => PdfDoc> {
  const mod = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "pdfkit")) as unknown as {
    default: new (options?: PDFKit.PDFDocumentOptions) => PdfDoc;
  };
  return mod.default;
}

function collect(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}

/** The picture the warm-up renders (one of the demo stock's). */
export const WARM_PICTURE = ["suv", "white", "front-34.jpg"] as const;

/**
 * Does once, when the server starts, what the first download would otherwise pay for while
 * holding the event loop (890 ms measured): loading pdfkit and its standard fonts, and rendering
 * a first picture for it. A failure here only means the first download pays as before.
 */
export async function warmCarPdf(): Promise<void> {
  const PDFDocument = await loadPdfKit();
  const options = parseVehicleImagePath(WARM_PICTURE);
  const { renderVehicleImage } = await import("@/runtime/images/vehicle-image");
  const image = options ? (await renderVehicleImage({ ...options, format: "jpeg", width: PDF_IMAGE_WIDTH, quality: 80 })).buffer : null;
  const doc = new PDFDocument({ size: "A4", margin: 48 });
  const done = collect(doc);
  doc.font("Helvetica").text("Warm-up").font("Helvetica-Bold").text("Warm-up");
  if (image) doc.image(image, { fit: [120, 90] });
  doc.end();
  await done;
}

const INK = "#1a1a1a";
const MUTED = "#555555";

/** Builds the car's PDF (A4, one or two pages). */
export async function buildCarPdf({ car, manifest, image, url, compress = true }: CarPdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const title = pdfText(carTitle(car));
  const dealer = pdfText(manifest.name ?? "");
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    compress,
    info: { Title: title, Author: dealer, Subject: `${title}, ${dealer}`, Creator: dealer, Producer: dealer },
    lang: "en-AU",
  } as PDFKit.PDFDocumentOptions);
  const done = collect(doc);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.fillColor(MUTED).font("Helvetica").fontSize(10).text(dealer);
  doc.moveDown(0.3);
  doc.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(title);
  const subtitle = car.carsales_title ?? car.series;
  if (subtitle) doc.font("Helvetica").fontSize(11).fillColor(MUTED).text(pdfText(subtitle));
  doc.moveDown(0.6);

  if (image) {
    const height = Math.round((width * 3) / 4 / 1.4);
    try {
      doc.image(image, { fit: [width, height], align: "center" });
      doc.y += 8;
    } catch (e) {
      console.warn(`[vehicle-page] car=${car.slug} PDF photo not embedded: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(18)
    .text(pdfText(pdfPriceText(car, manifest)));
  doc.moveDown(0.8);

  const specs = keyInformation(car);
  if (specs.length) {
    doc.font("Helvetica-Bold").fontSize(13).text("Key information");
    doc.moveDown(0.3);
    doc.fontSize(10);
    for (const s of specs) {
      doc
        .font("Helvetica")
        .fillColor(MUTED)
        .text(`${pdfText(s.label)}: `, { continued: true })
        .font("Helvetica-Bold")
        .fillColor(INK)
        .text(pdfText(String(s.value)));
    }
    doc.moveDown(0.8);
  }

  doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text("Dealer comments");
  doc.moveDown(0.3);
  const comments = truncateComments(car.dealercomments, PDF_COMMENTS_LIMIT);
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(comments ? INK : MUTED)
    .text(comments ? pdfText(comments.short) : pdfText(resolvedWording(manifest.wording).dealerCommentsPending), { width });
  doc.moveDown(0.8);

  const contact = carContact(manifest, car);
  const phone = contact.phone;
  doc.font("Helvetica-Bold").fontSize(13).fillColor(INK).text("Contact");
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(10).text(pdfText(contact.name));
  if (phone) doc.text(`Phone: ${pdfText(phone)}`);
  if (contact.address) doc.text(pdfText(contact.address));
  doc.moveDown(0.8);

  const footer = [car.stocknum ? `Stock No. ${car.stocknum}` : null, car.vin ? `VIN ${car.vin}` : null, url ?? null].filter(Boolean).join("  ·  ");
  if (footer) doc.fontSize(8).fillColor(MUTED).text(pdfText(footer), { width });

  doc.end();
  return done;
}
