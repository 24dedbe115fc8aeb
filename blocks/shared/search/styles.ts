// The search app's stylesheets, imported by the server components that render it (search-grid,
// offers-search) so that they are linked in the page's head. The app itself arrives later
// (SearchApp.lazy.tsx: hydrateLater), and a stylesheet imported only by its client modules would
// come with its chunk: the static markup would be unstyled until the first scroll.
// Keep this list to the CSS modules reachable from SearchApp.tsx.
import "./search.module.css";
import "@/blocks/shared/accounts/accounts.module.css";
import "@/blocks/shared/vehicle-card/vehicle-card.module.css";
