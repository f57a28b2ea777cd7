import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import { AppProviders } from "../../app/providers";
import { createQueryClient } from "../../lib/query-client";

const reload = vi.fn();
const CHUNK_FAILURE = new TypeError(
  "Failed to fetch dynamically imported module: http://localhost/assets/settings-1a2b3c.js",
);

/** A page whose lazy module rejects with `error`, under the app's route error element. */
async function renderFailingPage(error: Error) {
  // Fresh module state per test: a reload requested by one test must not leak into the next.
  vi.resetModules();
  const { RouteError } = await import("./route-error");
  const { RouterProvider, createMemoryRouter } = await import("../../lib/router");
  const router = createMemoryRouter([
    { path: "/", errorElement: <RouteError />, lazy: () => Promise.reject(error) },
  ]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(() => {
  reload.mockClear();
  window.sessionStorage.clear();
  const real = window.location;
  vi.spyOn(window, "location", "get").mockReturnValue({ ...real, reload });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("route errors", () => {
  it("SH-ERR-019 reloads the browser when a page chunk fails to load", async () => {
    await renderFailingPage(CHUNK_FAILURE);

    expect(await screen.findByRole("status", { name: "Updating Netfleet" })).toBeInTheDocument();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("reloads only once: a chunk that still fails right after the reload is shown as an error", async () => {
    window.sessionStorage.setItem("nf_chunk_reload_at", String(Date.now() - 2_000));
    await renderFailingPage(CHUNK_FAILURE);

    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows other failures without reloading", async () => {
    await renderFailingPage(new Error("Cannot read properties of undefined"));

    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
