// ItemsJS ships no types; the benchmark only needs these calls.
declare module "itemsjs" {
  interface ItemsJs {
    search(options: Record<string, unknown>): unknown;
    aggregation(options: Record<string, unknown>): unknown;
  }
  export default function itemsjs(items: unknown[], configuration: Record<string, unknown>): ItemsJs;
}
