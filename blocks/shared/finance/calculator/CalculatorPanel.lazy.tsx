"use client";
// Loaded on demand: server components import these wrappers instead of the components
// themselves, so the component's code (and its libraries) is a separate chunk that only pages
// rendering it download. Server rendering is unchanged (next/dynamic renders on the server and
// preloads the chunk for hydration).
import dynamic from "next/dynamic";
import { hydrateLater } from "@/blocks/shared/hydrate-later/hydrateLater";
export const CalculatorPanel = dynamic(() => import("./CalculatorPanel").then((m) => m.CalculatorPanel));

// For pages where the calculator sits below the fold (the vehicle page): its code waits until
// the panel nears the viewport or is touched, focused or clicked.
export const CalculatorPanelWhenVisible = hydrateLater(() => import("./CalculatorPanel").then((m) => m.CalculatorPanel));
