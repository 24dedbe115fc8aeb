/**
 * The search page before (or without) its JavaScript: every control belongs to one GET form
 * (HTML's `form` attribute ties the filters panel, the sort select and the search box to it)
 * whose fields carry the search URL's own names, and make cards and page links are real links.
 * Shared by the client components.
 */
import type { MouseEvent } from "react";

export const SEARCH_FORM_ID = "search-form";
export const FILTERS_PANEL_ID = "search-filters";

/**
 * Inline, ahead of the framework's scripts: until the search app is live (the form's
 * data-live="true"), a changed filter or sort submits the form, so a click made before
 * hydration navigates to the filtered page instead of being lost. Text fields wait for Enter;
 * a range slider (no name) copies its value into its number field first, and a − / + step
 * button moves its number field by its step (data-step-by) and submits.
 *
 * Once the form is on its way, history writes become no-ops: in Chromium a pushState or replaceState
 * cancels a cross-document navigation still in flight (it fires a navigate event, which aborts the
 * ongoing one), and the framework's router writes history when it hydrates. On a slow phone that
 * hydration lands between the submission and the next page, and the click was lost. The page is
 * being left, so nothing needs those writes; a submission the live app handled itself (its submit
 * event was cancelled) leaves history alone.
 */
export const PRE_HYDRATION_SCRIPT = `(function(d,id){function idle(f){return f&&f.id===id&&f.getAttribute("data-live")!=="true"}function send(f){var w=window,h=history,p=false,o=function(e){p=e.defaultPrevented};w.addEventListener("submit",o);f.requestSubmit?f.requestSubmit():f.submit();w.removeEventListener("submit",o);if(!p)h.pushState=h.replaceState=function(){}}d.addEventListener("change",function(e){var t=e.target,f=t&&t.form;if(!idle(f)||t.type==="search"||t.type==="text")return;if(t.type==="range"){var n=t.parentNode&&t.parentNode.querySelector("input[type=number]");if(!n)return;n.value=t.value}send(f)},true);d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button[data-step-by]"),n=b&&b.parentNode.querySelector("input[type=number]");if(!n||!idle(n.form))return;var v=Number(n.value)+Number(b.getAttribute("data-step-by"));n.value=String(Math.min(Math.max(v,Number(n.min)),Number(n.max)));send(n.form)},true)})(document,${JSON.stringify(SEARCH_FORM_ID)});`;

/** A plain left click is handled in place; other clicks (new tab, new window) follow the link. */
export const inPlace = (e: MouseEvent) => !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0);
