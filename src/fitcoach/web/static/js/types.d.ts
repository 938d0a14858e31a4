// Shapes the client's modules share, for `tsc --checkJs` (JSDoc types point here); never loaded by the browser.
import type { App } from "./app.js";

/** What the router gives a view: the shared actions, the path's parameters and the query string. */
export interface ViewContext {
  app: typeof App;
  params: string[];
  query: Record<string, string>;
}

/** A view renders into `root`; it may return a cleanup to run when the user leaves. */
export type View = (root: HTMLElement, context: ViewContext) => Promise<void | (() => void)> | void;

/** One client route (routes.json): served by the server as the app's shell, drawn by `view`. */
export interface RouteSpec {
  path: string;
  tab: string;
  view: string;
}
