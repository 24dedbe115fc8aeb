import { printMetadata, renderPrintPage } from "@/blocks/vehicle-page/print-page";

// /print?car_id={slug}: the printable car page (opened in a new tab from the vehicle page).
type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props) {
  return printMetadata(await searchParams);
}

export default async function PrintPage({ searchParams }: Props) {
  return renderPrintPage(await searchParams);
}
