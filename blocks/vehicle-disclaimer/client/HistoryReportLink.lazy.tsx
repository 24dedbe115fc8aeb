"use client";
// Through next/dynamic, as the convention for client parts of server components says: imported
// directly, this part's code joined the chunks that every page of the one dealer route loads.
import dynamic from "next/dynamic";

export const HistoryReportLink = dynamic(() => import("./HistoryReportLink").then((m) => m.HistoryReportLink));
