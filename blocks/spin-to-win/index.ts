import { defineBlock } from "@/runtime/render/types";
import type { ResolvedSpinToWinProps } from "@/runtime/generated/types";
import { SpinToWin } from "./SpinToWin";
import { loadSpinToWin, type SpinToWinData } from "./load";

export default defineBlock<ResolvedSpinToWinProps, SpinToWinData>({ component: SpinToWin, load: loadSpinToWin });
