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
 * data-live="true"), a changed filter or sort loads the filtered page, so a click made before the
 * app is live is not lost. Text fields wait for Enter; a range slider (no name) copies its value
 * into its number field first, and a − / + step button moves its number field by its step
 * (data-step-by).
 *
 * The page is loaded from the form's fields as a GET submission would send them, without a
 * submit event. Until the app is live its code may already be mounted (the static island went
 * live, InstantSearch has not yet rendered its widgets: see useSearchLive): its form cancels
 * submissions and its refinements go nowhere, so a submission would be lost. A checkbox or radio
 * is read on its click, in the capture phase, while it holds the shopper's choice: the mounted
 * app's controlled checkbox puts its old state back before the change event.
 *
 * Once the page is on its way, history writes become no-ops: in Chromium a pushState or
 * replaceState cancels a cross-document navigation still in flight (it fires a navigate event,
 * which aborts the ongoing one), and the framework's router writes history when it hydrates. On a
 * slow phone that hydration lands between the click and the next page, and the click was lost.
 * The page is being left, so nothing needs those writes.
 */
export const PRE_HYDRATION_SCRIPT = `(function(d,id){function idle(f){return f&&f.id===id&&f.getAttribute("data-live")!=="true"}function checkable(t){return t.type==="checkbox"||t.type==="radio"}function send(f){var h=window.history,q=new URLSearchParams(new FormData(f)).toString();h.pushState=h.replaceState=function(){};window.location.assign(f.action.split("?")[0]+(q?"?"+q:""))}d.addEventListener("change",function(e){var t=e.target,f=t&&t.form;if(!idle(f)||t.type==="search"||t.type==="text"||checkable(t))return;if(t.type==="range"){var n=t.parentNode&&t.parentNode.querySelector("input[type=number]");if(!n)return;n.value=t.value}send(f)},true);d.addEventListener("click",function(e){var t=e.target;if(t&&t.form&&checkable(t)){if(idle(t.form))send(t.form);return}var b=t&&t.closest&&t.closest("button[data-step-by]"),n=b&&b.parentNode.querySelector("input[type=number]");if(!n||!idle(n.form))return;var v=Number(n.value)+Number(b.getAttribute("data-step-by"));n.value=String(Math.min(Math.max(v,Number(n.min)),Number(n.max)));send(n.form)},true)})(document,${JSON.stringify(SEARCH_FORM_ID)});`;

/** A plain left click is handled in place; other clicks (new tab, new window) follow the link. */
export const inPlace = (e: MouseEvent) => !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0);
