import { leadRoute } from "@/runtime/leads/api";

export const runtime = "nodejs";

export const POST = leadRoute();
