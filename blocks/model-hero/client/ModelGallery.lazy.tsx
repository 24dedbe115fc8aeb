"use client";
// The gallery is at the top of the model page: its (small) code comes with the pages that render it, preloaded by
// next/dynamic; the server renders the first picture, so it paints without it.
import dynamic from "next/dynamic";

export const ModelGallery = dynamic(() => import("./ModelGallery").then((m) => m.ModelGallery));
