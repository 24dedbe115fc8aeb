"use client";
// Loaded on demand: server components import these wrappers instead of the components
// themselves, so the component's code (and its libraries) is a separate chunk that only pages
// rendering it download. Server rendering is unchanged (next/dynamic renders on the server and
// preloads the chunk for hydration).
import dynamic from "next/dynamic";
export const EnquiryLauncher = dynamic(() => import("./EnquiryLauncher").then((m) => m.EnquiryLauncher));
export const ChatButton = dynamic(() => import("./EnquiryLauncher").then((m) => m.ChatButton));
