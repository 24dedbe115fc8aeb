import { defineBlock } from "@/runtime/render/types";
import type { ResolvedCompareProps } from "@/runtime/generated/types";
import type { Car } from "@/runtime/stock/car";
import { Compare } from "./Compare";
import { loadCompare } from "./load";

export default defineBlock<ResolvedCompareProps, Car[]>({ component: Compare, load: loadCompare });
