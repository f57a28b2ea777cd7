import { describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  Link,
  Outlet,
  RouterProvider,
  createMemoryRouter,
  matchRoutes,
  useParams,
  useSearchParams,
  type RouteModule,
} from "./router";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (text: string): RouteModule => ({ Component: () => <p>{text}</p> });

describe("matching", () => {
  const routes = [
    { path: "/devices/:id", handle: "device" },
    { path: "/devices/new", handle: "new" },
    { path: "/forms/:name/:id?", handle: "form" },
    { element: <Outlet />, children: [{ path: "/devices", handle: "list" }] },
    { path: "*", handle: "unknown" },
  ];
  const handleOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.handle;

  it("prefers a fixed segment to a parameter, whatever the table's order", () => {
    expect(handleOf("/devices/new")).toBe("new");
    expect(handleOf("/devices/42")).toBe("device");
    expect(matchRoutes(routes, "/devices/42")?.[0]?.params).toEqual({ id: "42" });
  });

  it("reads optional parameters, decoded, and a trailing slash as none", () => {
    expect(matchRoutes(routes, "/forms/new-tag")?.[0]?.params).toEqual({ name: "new-tag" });
    expect(matchRoutes(routes, "/forms/a%20b/7/")?.[0]?.params).toEqual({ name: "a b", id: "7" });
  });

  it("matches a layout's children with the layout above them, and anything else with *", () => {
    expect(matchRoutes(routes, "/devices")?.map((m) => m.handle)).toEqual([undefined, "list"]);
    expect(handleOf("/devices/42/more")).toBe("unknown");
  });
});

describe("navigation", () => {
  it("keeps the page being left until the next page's code arrives, and drops a navigation a newer one overtook", async () => {
    const slow = deferred<RouteModule>();
    const router = createMemoryRouter(
      [
        { path: "/", lazy: () => Promise.resolve(page("Home")) },
        { path: "/slow", lazy: () => slow.promise },
        { path: "/fast", lazy: () => Promise.resolve(page("Fast")) },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Home")).toBeInTheDocument();

    act(() => void router.navigate("/slow"));
    expect(router.state.navigation.location?.pathname).toBe("/slow");
    expect(screen.getByText("Home")).toBeInTheDocument();

    await act(() => router.navigate("/fast"));
    expect(await screen.findByText("Fast")).toBeInTheDocument();
    await act(async () => slow.resolve(page("Slow")));
    expect(screen.getByText("Fast")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/fast");
  });

  it("follows a link, but leaves one opened with a modifier key to the browser", async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <Link to="/devices/7?tab=info">Device</Link>
              <Outlet />
            </>
          ),
          children: [
            { path: "/", element: null },
            { path: "/devices/:id", element: <DeviceId /> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();
    const link = await screen.findByRole("link", { name: "Device" });
    expect(link).toHaveAttribute("href", "/devices/7?tab=info");

    await user.keyboard("{Control>}");
    await user.click(link);
    await user.keyboard("{/Control}");
    expect(router.state.location.pathname).toBe("/");

    await user.click(link);
    expect(await screen.findByText("Device 7")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?tab=info");

    // Following it again adds no step: one step back leaves the device.
    await user.click(screen.getByRole("link", { name: "Device" }));
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/");
  });

  it("changes the query on the same path, replacing the entry when asked", async () => {
    const router = createMemoryRouter([{ path: "/list", element: <Pager /> }], {
      initialEntries: ["/", "/list?q=lab"],
    });
    render(<RouterProvider router={router} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole("button", { name: "Page 1" }));
    expect(router.state.location).toMatchObject({ pathname: "/list", search: "?q=lab&page=2" });
    await user.click(screen.getByRole("button", { name: "Page 2" }));
    expect(router.state.location.search).toBe("?q=lab&page=3");

    // Replaced, not pushed: one step back leaves the list.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows the error element when a page's code fails to load, and the page once it loads", async () => {
    let fail = true;
    const router = createMemoryRouter(
      [
        {
          element: <Outlet />,
          errorElement: <p>Failed</p>,
          children: [
            { path: "/", element: <Link to="/page">Go</Link> },
            {
              path: "/page",
              lazy: () =>
                fail ? Promise.reject(new Error("gone")) : Promise.resolve(page("Page")),
            },
          ],
        },
      ],
      { initialEntries: ["/page"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Failed")).toBeInTheDocument();

    fail = false;
    await act(() => router.navigate("/"));
    await act(() => router.navigate("/page"));
    expect(await screen.findByText("Page")).toBeInTheDocument();
  });
});

function DeviceId() {
  return <p>Device {useParams().id}</p>;
}

function Pager() {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") ?? 1);
  return (
    <button
      onClick={() =>
        setParams(
          (current) => {
            current.set("page", String(page + 1));
            return current;
          },
          { replace: true },
        )
      }
    >
      Page {page}
    </button>
  );
}
