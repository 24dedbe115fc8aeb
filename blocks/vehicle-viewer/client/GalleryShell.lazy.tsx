"use client";
// The image viewer sits above the fold and must answer the keyboard at once, so its chunk comes
// with the page (next/dynamic preloads it); the server still renders it. Its heavy parts (360
// spin, fullscreen, interior) are fetched by the shell only when their view is opened.
import dynamic from "next/dynamic";

export const GalleryShell = dynamic(() => import("./GalleryShell").then((m) => m.GalleryShell));
