import { printMetadata, renderPrintPage } from "@/blocks/vehicle-page/print-page";
import { trackPage } from "@/runtime/render/page-outcome";
import { renderRequestNotFound } from "@/runtime/render/not-found-page";
import { blockRegistry } from "@/blocks";

// /print?car_id={slug}: the printable car page (opened in a new tab from the vehicle page).
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  return printMetadata(await searchParams);
}

// trackPage: a notFound() from the page answers with the dealer's 404 as the page's own HTML (status 404).
export default function PrintPage({ searchParams }: Props) {
  return trackPage(
    async () => renderPrintPage(await searchParams),
    () => renderRequestNotFound(blockRegistry),
  );
}
