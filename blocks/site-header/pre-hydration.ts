/**
 * The header's menus before its code is live. Vehicle, search and home pages paint before the
 * framework's scripts load, so for a second or more on a phone the header's buttons were dead: a
 * click on "Models" or "Menu" did nothing, and the dropdown's links (hidden until opened) could not
 * be reached. This small inline script, run as the page is parsed, opens and closes the menus the
 * same way the live header does (aria-expanded, the panel's hidden attribute, the header's
 * dropdown-open marker and data-menu-open). Once HeaderNav is live it marks the header
 * `data-live="true"`, takes over whatever is open, and this script stands aside.
 *
 * Before then: a second click on a button closes its menu, opening one dropdown closes the others,
 * and Escape closes the open dropdown (else the menu) and returns focus to its button. A click
 * outside closes menus only once live.
 */
export const HEADER_ATTRIBUTE = "data-header-nav";

export const HEADER_PRE_HYDRATION_SCRIPT = `(function(d,a){function idle(h){return h&&h.getAttribute("data-live")!=="true"}function drop(h,b,open){var all=h.querySelectorAll("button[data-dropdown]");for(var i=0;i<all.length;i++){var o=d.getElementById(all[i].getAttribute("aria-controls"));all[i].setAttribute("aria-expanded","false");if(o)o.hidden=true}if(b){b.setAttribute("aria-expanded",String(open));d.getElementById(b.getAttribute("aria-controls")).hidden=!open}h.classList.toggle("dropdown-open",open);if(open)h.setAttribute("data-dropdown-open","true");else h.removeAttribute("data-dropdown-open")}function menu(h,b,open){b.setAttribute("aria-expanded",String(open));if(open)h.setAttribute("data-menu-open","true");else h.removeAttribute("data-menu-open")}d.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest("button[aria-controls]"),h=b&&b.closest("header["+a+"]");if(!idle(h)||!d.getElementById(b.getAttribute("aria-controls")))return;var open=b.getAttribute("aria-expanded")!=="true";if(b.hasAttribute("data-dropdown"))drop(h,b,open);else menu(h,b,open)},true);d.addEventListener("keydown",function(e){if(e.key!=="Escape")return;var h=d.querySelector("header["+a+"]");if(!idle(h))return;var b=h.querySelector("button[data-dropdown][aria-expanded=true]"),t=h.querySelector("button[aria-controls]:not([data-dropdown])[aria-expanded=true]");if(b){drop(h,null,false);b.focus()}else if(t){menu(h,t,false);t.focus()}},true)})(document,${JSON.stringify(HEADER_ATTRIBUTE)});`;
