import { apiRoute } from "@/runtime/http/api-route";
import { tlsAskRoute } from "@/runtime/http/tls-ask";

export const dynamic = "force-dynamic";

export const GET = apiRoute(tlsAskRoute());
