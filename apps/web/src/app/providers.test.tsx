import { afterEach, describe, expect, it, vi } from "vitest";
import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { TOASTS } from "@netfleet/contracts/constants";
import { createQueryClient } from "../lib/query-client";
import { AppProviders } from "./providers";
import { toastPosition } from "./toasts";

/** Renders the providers and waits for the toasts' container, which loads after the first paint. */
async function renderProviders() {
  const rendered = render(
    <AppProviders queryClient={createQueryClient()}>
      <p>Console</p>
    </AppProviders>,
  );
  await waitFor(() => expect(document.querySelector("[data-position]")).not.toBeNull());
  return rendered;
}

function toast(message: string) {
  act(() => {
    notifications.show({ message });
  });
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("toasts", () => {
  it("SH-CONST-003 shows toasts at the top, at most 7 at once, the rest waiting their turn", async () => {
    await renderProviders();
    for (let i = 1; i <= 8; i++) toast(`Toast ${i}`);

    const shown = await screen.findAllByRole("alert");
    expect(shown).toHaveLength(7);
    for (const alert of shown) {
      expect(alert.closest("[data-position]")).toHaveAttribute("data-position", "top-center");
    }
    expect(screen.queryByText("Toast 8")).not.toBeInTheDocument();

    fireEvent.click(within(shown[0]!).getByRole("button"));
    expect(await screen.findByText("Toast 8")).toBeInTheDocument();
  });

  it("SH-CONST-004 closes a toast after 4000 ms, waits while it is hovered, and has a close button", async () => {
    await renderProviders();
    vi.useFakeTimers();
    toast("Saved");
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("button")).toBeInTheDocument();

    fireEvent.mouseEnter(alert);
    advance(10_000);
    expect(screen.getByText("Saved")).toBeInTheDocument();

    fireEvent.mouseLeave(alert);
    advance(3_990);
    expect(screen.getByText("Saved")).toBeInTheDocument();
    advance(10);
    // Then its (here instant) closing animation runs.
    advance(200);
    expect(screen.queryByText("Saved")).not.toBeInTheDocument();
  });

  it("SH-CONST-004 animates a toast for 150 ms when motion is not reduced", async () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, "matchMedia").mockImplementation((query) => ({
      ...matchMedia(query),
      matches: false,
    }));
    await renderProviders();
    toast("Moving");

    expect(screen.getByRole("alert").closest("[style*=transition-duration]")).toHaveStyle({
      transitionDuration: "150ms, 150ms, 150ms",
    });
  });

  it("FM-CONST-013 shows the console's toasts at the top, where the library alone puts them bottom-right", async () => {
    const library = render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    toast("Where the library puts it");
    const placed = await screen.findByRole("alert");
    expect(TOASTS.libraryDefaultPosition).toBe("bottom-right");
    expect(placed.closest("[data-position]")).toHaveAttribute(
      "data-position",
      toastPosition(TOASTS.libraryDefaultPosition),
    );
    act(() => notifications.clean());
    library.unmount();

    await renderProviders();
    toast("Where the console puts it");
    expect((await screen.findByRole("alert")).closest("[data-position]")).toHaveAttribute(
      "data-position",
      "top-center",
    );
  });

  it("shows a toast raised before its container is there, once it is", async () => {
    toast("Raised early");
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>Console</p>
      </AppProviders>,
    );
    expect(await screen.findByText("Raised early")).toBeInTheDocument();
  });

  it("SH-CONST-005 places toasts at any of the six allowed positions", () => {
    expect(TOASTS.positions.map(toastPosition)).toEqual([
      "top-right",
      "top-center",
      "top-left",
      "bottom-right",
      "bottom-center",
      "bottom-left",
    ]);
  });
});
