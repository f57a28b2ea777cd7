import {
  Component as ClassComponent,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type Ref,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from "react";

/**
 * The console's router. The console needs a small part of what a general router library
 * does (matching the route table, lazy pages, links, the query string, one error element),
 * and that library was the largest script of the first page after React itself; this
 * module does that part itself, under the same names.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

/** A path with its query, or the parts of one; a missing pathname keeps the current one. */
export type To = string | Partial<Location>;

export type Params = Readonly<Record<string, string | undefined>>;

/** A route module, as a lazy route loads it. */
export interface RouteModule {
  Component?: ComponentType | null;
}

export interface RouteObject {
  path?: string;
  element?: ReactNode;
  /** The route's module, loaded before the route first shows. */
  lazy?: () => Promise<RouteModule>;
  children?: RouteObject[];
  /** Anything the route carries for the pages below it (`useMatches`). */
  handle?: unknown;
  /** Shown instead of the route's tree when loading or drawing it fails. */
  errorElement?: ReactNode;
  /** Shown until the first location's routes have loaded. */
  hydrateFallbackElement?: ReactNode;
}

export interface RouteMatch {
  route: RouteObject;
  /** Every parameter of the whole match. */
  params: Params;
  pathname: string;
  handle: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
}

/** What links and hooks navigate through. */
export interface Navigator {
  createHref: (to: Location) => string;
  push: (to: Location) => void;
  replace: (to: Location) => void;
  go: (delta: number) => void;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** The first location's routes have loaded. */
  initialized: boolean;
  /** Where a navigation is heading while its routes load. */
  navigation: { location: Location | undefined };
  error: unknown;
}

export interface Router {
  readonly state: RouterState;
  subscribe: (listener: (state: RouterState) => void) => () => void;
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
  readonly routes: RouteObject[];
}

export function createPath({ pathname = "/", search = "", hash = "" }: Partial<Location>): string {
  return `${pathname}${search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : ""}${
    hash && hash !== "#" ? (hash.startsWith("#") ? hash : `#${hash}`) : ""
  }`;
}

/** `to` read against `from`: paths as a browser reads a link's href, parts over `from`'s. */
function resolve(to: To, from: Location): Location {
  if (typeof to !== "string") {
    return {
      pathname: to.pathname ?? from.pathname,
      search: to.search ?? (to.pathname === undefined ? from.search : ""),
      hash: to.hash ?? "",
    };
  }
  const url = new URL(to, `http://console${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

// Matching --------------------------------------------------------------------------------

interface Branch {
  routes: RouteObject[];
  pattern: RegExp;
  names: string[];
  score: number;
}

const PARAM = /^:([\w-]+)(\?)?$/;

/** The more specific path wins: a fixed segment over a parameter, a parameter over `*`. */
function scoreOf(segments: string[]): number {
  return segments.reduce(
    (score, segment) =>
      score + (segment === "*" ? -2 : PARAM.test(segment) ? 3 : segment === "" ? 1 : 10),
    segments.length,
  );
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function compile(path: string): Pick<Branch, "pattern" | "names" | "score"> {
  const segments = path.split("/").filter(Boolean);
  const names: string[] = [];
  let source = "";
  for (const segment of segments) {
    const param = PARAM.exec(segment);
    if (segment === "*") {
      names.push("*");
      source += "(?:/(.*))?";
    } else if (param) {
      names.push(param[1]!);
      source += param[2] ? "(?:/([^/]+))?" : "/([^/]+)";
    } else {
      source += `/${escape(segment)}`;
    }
  }
  return { pattern: new RegExp(`^${source}/*$`, "i"), names, score: scoreOf(segments) };
}

function joinPaths(parent: string, path: string): string {
  return path.startsWith("/") ? path : `${parent.replace(/\/+$/, "")}/${path}`;
}

/** Every route that can match on its own, with the routes above it, most specific first. */
function flatten(routes: RouteObject[], parents: RouteObject[] = [], parentPath = "/"): Branch[] {
  const branches: Branch[] = [];
  for (const route of routes) {
    const chain = [...parents, route];
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    if (route.children?.length) branches.push(...flatten(route.children, chain, path));
    else if (route.path !== undefined) branches.push({ routes: chain, ...compile(path) });
  }
  // Array sort is stable: of equally specific paths, the first in the table wins.
  return branches.sort((a, b) => b.score - a.score);
}

const branchCache = new WeakMap<RouteObject[], Branch[]>();

/** The routes, top to bottom, that `pathname` shows; null when none does. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let branches = branchCache.get(routes);
  if (!branches) branchCache.set(routes, (branches = flatten(routes)));
  for (const branch of branches) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[name] = safeDecode(value);
    });
    return branch.routes.map((route) => ({ route, params, pathname, handle: route.handle }));
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

// Routers -----------------------------------------------------------------------------------

/** Where the router keeps its place: the browser's history, or a list in memory for tests. */
interface History {
  location: () => Location;
  push: (location: Location) => void;
  replace: (location: Location) => void;
  go: (delta: number) => void;
  /** Calls `listener` when the location changes by the user going back or forth. */
  listen: (listener: () => void) => void;
}

function browserHistory(): History {
  return {
    location: () => {
      const { pathname, search, hash } = window.location;
      return { pathname, search, hash };
    },
    push: (location) => window.history.pushState(null, "", createPath(location)),
    replace: (location) => window.history.replaceState(null, "", createPath(location)),
    go: (delta) => window.history.go(delta),
    listen: (listener) => window.addEventListener("popstate", listener),
  };
}

function memoryHistory(entries: string[], index: number): History {
  const stack = entries.map((entry) => resolve(entry, { pathname: "/", search: "", hash: "" }));
  let at = Math.min(Math.max(index, 0), stack.length - 1);
  let listener = () => {};
  return {
    location: () => stack[at]!,
    push: (location) => {
      stack.splice(at + 1, stack.length, location);
      at = stack.length - 1;
    },
    replace: (location) => {
      stack[at] = location;
    },
    go: (delta) => {
      const next = Math.min(Math.max(at + delta, 0), stack.length - 1);
      if (next === at) return;
      at = next;
      listener();
    },
    listen: (next) => {
      listener = next;
    },
  };
}

/** Loaded route modules' components, by route. */
const loadedComponents = new WeakMap<RouteObject, ComponentType | null>();

function createRouter(routes: RouteObject[], history: History): Router {
  const listeners = new Set<(state: RouterState) => void>();
  let state: RouterState = {
    location: history.location(),
    matches: [],
    initialized: false,
    navigation: { location: undefined },
    error: undefined,
  };
  let current = 0;

  function set(changes: Partial<RouterState>): void {
    state = { ...state, ...changes };
    for (const listener of listeners) listener(state);
  }

  /**
   * Shows `location` once its routes' modules have loaded; until then the page being left
   * stays. A newer navigation makes this one moot.
   */
  async function go(location: Location, commit: () => void): Promise<void> {
    const id = ++current;
    const matches = matchRoutes(routes, location.pathname) ?? [];
    const pending = matches.filter(({ route }) => route.lazy && !loadedComponents.has(route));
    let error: unknown;
    if (pending.length > 0) {
      set({ navigation: { location } });
      try {
        await Promise.all(
          pending.map(async ({ route }) => {
            const module = await route.lazy!();
            loadedComponents.set(route, module.Component ?? null);
          }),
        );
      } catch (err) {
        error = err;
      }
      if (id !== current) return;
    }
    commit();
    set({ location, matches, initialized: true, navigation: { location: undefined }, error });
  }

  history.listen(() => void go(history.location(), () => {}));
  void go(state.location, () => {});

  return {
    get state() {
      return state;
    },
    routes,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      if (typeof to === "number") {
        history.go(to);
        return Promise.resolve();
      }
      const location = resolve(to, state.navigation.location ?? state.location);
      // A link to the page already shown adds no step for Back to undo.
      const same = createPath(location) === createPath(history.location());
      return go(location, () =>
        options.replace || same ? history.replace(location) : history.push(location),
      );
    },
  };
}

/** The console's router over the browser's history. */
export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, browserHistory());
}

/** A router whose history is a list in memory, for tests. */
export function createMemoryRouter(
  routes: RouteObject[],
  {
    initialEntries = ["/"],
    initialIndex,
  }: { initialEntries?: string[]; initialIndex?: number } = {},
): Router {
  return createRouter(
    routes,
    memoryHistory(initialEntries, initialIndex ?? initialEntries.length - 1),
  );
}

// Rendering ---------------------------------------------------------------------------------

interface Place {
  location: Location;
  navigator: Navigator;
  matches: RouteMatch[];
}

const PlaceContext = createContext<Place | null>(null);
/** The routes below the one being drawn: what its `Outlet` shows. */
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(undefined);

function usePlace(): Place {
  const place = useContext(PlaceContext);
  if (!place) throw new Error("Drawn outside the router");
  return place;
}

function routerNavigator(router: Router): Navigator {
  return {
    createHref: createPath,
    push: (to) => void router.navigate(to),
    replace: (to) => void router.navigate(to, { replace: true }),
    go: (delta) => void router.navigate(delta),
  };
}

class ErrorBoundary extends ClassComponent<
  { fallback: ReactNode; error: unknown; location: Location; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: this.props.error, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { error: unknown; location: Location },
    state: { error: unknown; location: Location },
  ) {
    // A new location draws its routes afresh; an error of loading it shows at once.
    if (props.location !== state.location) return { error: props.error, location: props.location };
    return props.error === undefined ? null : { error: props.error };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>
    );
  }
}

/**
 * The element of `matches[index]`, with the ones below it as its outlet. `failure` is what
 * failed to load, for the route with the error element at `failure.at`.
 */
function drawn(
  matches: RouteMatch[],
  index: number,
  failure: { at: number; error: unknown },
  location: Location,
): ReactNode {
  const match = matches[index];
  if (!match) return null;
  const { route } = match;
  const Page = loadedComponents.get(route);
  const element = route.element ?? (Page ? <Page /> : <Outlet />);
  const below = drawn(matches, index + 1, failure, location);
  const tree = <OutletContext.Provider value={below}>{element}</OutletContext.Provider>;
  if (route.errorElement === undefined) return tree;
  const error = failure.at === index ? failure.error : undefined;
  return (
    <ErrorBoundary fallback={route.errorElement} error={error} location={location}>
      {tree}
    </ErrorBoundary>
  );
}

/** Draws the router's routes for its location. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  const navigator = useMemo(() => routerNavigator(router), [router]);
  const { location, matches, initialized, error } = state;
  const place = useMemo(() => ({ location, navigator, matches }), [location, navigator, matches]);
  if (!initialized) return router.routes[0]?.hydrateFallbackElement ?? null;
  // An error of loading reaches the deepest route with an error element.
  const at =
    error === undefined ? -1 : matches.findLastIndex((m) => m.route.errorElement !== undefined);
  if (error !== undefined && at < 0) throw error;
  return (
    <PlaceContext.Provider value={place}>
      {drawn(matches, 0, { at, error }, location)}
    </PlaceContext.Provider>
  );
}

/**
 * Router context for a part drawn outside the router's routes: links read `location` and
 * go through `navigator`.
 */
export function StaticRouter({
  location,
  navigator,
  children,
}: {
  location: Location;
  navigator: Navigator;
  children: ReactNode;
}) {
  const place = useMemo(() => ({ location, navigator, matches: [] }), [location, navigator]);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

/** A router in memory around `children`, for tests of hooks that navigate. */
export function MemoryRouter({
  initialEntries,
  initialIndex,
  children,
}: {
  initialEntries?: string[];
  initialIndex?: number;
  children: ReactNode;
}) {
  const [router] = useState(() => createMemoryRouter([], { initialEntries, initialIndex }));
  const { location } = useSyncExternalStore(router.subscribe, () => router.state);
  const navigator = useMemo(() => routerNavigator(router), [router]);
  return (
    <StaticRouter location={location} navigator={navigator}>
      {children}
    </StaticRouter>
  );
}

/** Where the route being drawn shows the routes below it. */
export function Outlet() {
  return useContext(OutletContext);
}

export function useLocation(): Location {
  return usePlace().location;
}

export function useParams(): Params {
  return usePlace().matches[0]?.params ?? {};
}

export function useMatches(): RouteMatch[] {
  return usePlace().matches;
}

/** What made the routes fail, inside an error element. */
export function useRouteError(): unknown {
  return useContext(ErrorContext);
}

/** The router's navigator, or null outside any router (a dialog drawn on its own). */
export function useNavigator(): Navigator | null {
  return useContext(PlaceContext)?.navigator ?? null;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

export function useNavigate(): NavigateFunction {
  const { location, navigator } = usePlace();
  return (to, options = {}) => {
    if (typeof to === "number") return navigator.go(to);
    const target = resolve(to, location);
    if (options.replace) navigator.replace(target);
    else navigator.push(target);
  };
}

/** Navigates to `to` when drawn. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  const target = typeof to === "string" ? to : createPath(to);
  useEffect(() => {
    navigate(to, { replace });
    // Once per target: drawing again on the way must not navigate twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, replace]);
  return null;
}

type SearchUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The URL's query, and a setter that navigates to a new one on the same path. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchUpdate, options?: NavigateOptions) => void,
] {
  const { location } = usePlace();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: SearchUpdate, options?: NavigateOptions) => {
    const value = typeof next === "function" ? next(new URLSearchParams(location.search)) : next;
    const search = value.toString();
    navigate({ pathname: location.pathname, search: search ? `?${search}` : "" }, options);
  };
  return [params, set];
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

/** A link that the router follows itself, unless the user opens it elsewhere. */
export function Link({ to, replace, onClick, target, ...props }: LinkProps) {
  const { location, navigator } = usePlace();
  const destination = resolve(to, location);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const elsewhere = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || elsewhere) return;
    if (target && target !== "_self") return;
    event.preventDefault();
    if (replace) navigator.replace(destination);
    else navigator.push(destination);
  };
  return <a {...props} target={target} href={navigator.createHref(destination)} onClick={follow} />;
}
