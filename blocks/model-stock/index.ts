import { defineBlock } from "@/runtime/render/types";
import type { ResolvedModelStockProps } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { ModelStock } from "./ModelStock";
import { loadModelStock } from "./load";

export default defineBlock<ResolvedModelStockProps, Car[]>({ component: ModelStock, load: loadModelStock });
