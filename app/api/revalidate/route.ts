import { apiRoute } from "@/runtime/http/api-route";
import { REVALIDATE_ROUTE } from "@/runtime/page-cache/revalidate";

export const POST = apiRoute(REVALIDATE_ROUTE);
