import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { RouterProvider, createMemoryRouter } from "../lib/router";
import { onTestFinished } from "vitest";
import { AppProviders } from "../app/providers";
import { routes } from "../app/router";
import { installConfirmationHandlers } from "../features/mfa/confirmation-handlers";
import { createQueryClient } from "../lib/query-client";

interface RenderOptions {
  /** The URL the page is shown at. */
  url?: string;
  /** Route path the element is mounted on (defaults to the URL's path). */
  path?: string;
}

/** Mounts a router with the app's providers and a test query client that never retries. */
function mount(router: ReturnType<typeof createMemoryRouter>) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 0 },
    mutations: { retry: false },
  });
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, user, router, queryClient };
}

/** Renders `ui` with the app's providers and a router, as a page of the console. */
export function renderPage(ui: ReactElement, { url = "/", path }: RenderOptions = {}) {
  return mount(
    createMemoryRouter(
      [
        { path: path ?? new URL(url, "http://localhost").pathname, element: ui },
        { path: "*", element: <p>Elsewhere</p> },
      ],
      { initialEntries: [url] },
    ),
  );
}

/**
 * Renders the whole console router at `url`, as the browser would show it. With
 * `confirmations`, calls that need the password again or a second factor ask for it in a
 * dialog, as main.tsx sets up, until the test finishes.
 */
export function renderApp(url: string, { confirmations = false } = {}) {
  if (confirmations) onTestFinished(installConfirmationHandlers());
  return mount(createMemoryRouter(routes, { initialEntries: [url] }));
}
