"use client";
// The link's small client part in its own chunk; server rendering is unchanged (next/dynamic renders on the server).
import dynamic from "next/dynamic";
export const CarriedFiguresLink = dynamic(() => import("./CarriedFiguresLink").then((m) => m.CarriedFiguresLink));
