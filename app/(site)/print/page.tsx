import { printMetadata, renderPrintPage } from "@/blocks/vehicle-page/print-page";
import { trackPage } from "@/runtime/render/page-outcome";

// /print?car_id={slug}: the printable car page (opened in a new tab from the vehicle page).
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  return printMetadata(await searchParams);
}

// trackPage: the 404 of this render is drawn in full only if the page ends in notFound().
export default function PrintPage({ searchParams }: Props) {
  return trackPage(async () => renderPrintPage(await searchParams));
}
