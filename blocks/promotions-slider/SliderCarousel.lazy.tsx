"use client";
// Through next/dynamic: imported directly, embla and its autoplay plugin joined the chunks every page
// of the one dealer route loads (search and vehicle pages too, which have no slider). Pages that render
// the slider still get its chunk preloaded with the page.
import dynamic from "next/dynamic";

export const SliderCarousel = dynamic(() => import("./SliderCarousel").then((m) => m.SliderCarousel));
