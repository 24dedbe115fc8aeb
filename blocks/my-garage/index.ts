import { defineBlock } from "@/runtime/render/types";
import type { ResolvedMyGarageProps } from "@/runtime/generated/types";
import { MyGarage } from "./MyGarage";
import { loadGarage, type GarageData } from "./load";

export default defineBlock<ResolvedMyGarageProps, GarageData>({ component: MyGarage, load: loadGarage });
