import { type MockInstance, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AppProviders } from "../providers";
import { browserLocation } from "../../lib/browser-location";
import { clearHttpCache } from "../../lib/http";
import { createQueryClient } from "../../lib/query-client";
import { failure, fakeApi } from "../../test/fake-api";
import { StartupRoot } from "./startup-root";

const OFFLINE_TEXT =
  "You are offline. Please make sure to check network cables, modem, and router or reconnecting to Wi-Fi and try again.";

function renderAt(url: string) {
  window.history.replaceState(null, "", url);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <StartupRoot />
    </AppProviders>,
  );
}

function goOffline(offline = true) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(!offline);
}

let assign: MockInstance<(url: string) => void>;

beforeEach(() => {
  assign = vi.spyOn(browserLocation, "assign").mockImplementation(() => undefined);
  clearHttpCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("start-up screens", () => {
  it("shows the console's own screen at once when its chunk arrived before the first render", () => {
    fakeApi();
    window.history.replaceState(null, "", "/management/devices");
    const queryClient = createQueryClient();
    render(
      <AppProviders queryClient={queryClient}>
        <StartupRoot mainApp={() => <p>The console</p>} />
      </AppProviders>,
    );
    // In the first commit: no loader first, which React would keep for 300 ms at least.
    expect(screen.getByText("The console")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("SH-START-001 opens the desktop-connect screen on its own", async () => {
    fakeApi();
    renderAt("/rms-connect/desktop?target=RUTX11%20north");

    expect(await screen.findByRole("heading", { name: "Remote desktop" })).toBeVisible();
    expect(screen.getByText("RUTX11 north")).toBeVisible();
    expect(screen.getByText(/The session key is missing/)).toBeVisible();
  });

  it("SH-START-002 opens the console-connect screen for ssh and telnet", async () => {
    fakeApi().on("GET", "/api/remote/sessions/one-time", failure(404, "NOT_FOUND", "No."));
    const { unmount } = renderAt("/rms-connect/ssh?key=one-time");
    expect(await screen.findByRole("heading", { name: "SSH" })).toBeVisible();
    unmount();

    renderAt("/rms-connect/telnet?key=one-time");
    expect(await screen.findByRole("heading", { name: "Telnet" })).toBeVisible();
  });

  it("SH-START-003 opens the file-transfer screen", async () => {
    fakeApi();
    renderAt("/rms-connect/sftp");

    expect(await screen.findByRole("heading", { name: "File transfer" })).toBeVisible();
  });

  it("SH-START-005 SH-ERR-010 takes an offline browser to the offline page", async () => {
    goOffline();
    const api = fakeApi();
    renderAt("/management/devices?q=north");

    expect(await screen.findByText(OFFLINE_TEXT)).toBeVisible();
    expect(window.location.pathname).toBe("/offline");
    expect(new URLSearchParams(window.location.search).get("continue_url")).toBe(
      "/management/devices?q=north",
    );
    expect(api.requests).toHaveLength(0);
  });

  it("retries from the offline page only once the network is back", async () => {
    goOffline();
    fakeApi();
    const user = userEvent.setup();
    renderAt("/management/devices");

    await user.click(await screen.findByRole("button", { name: "Try again" }));
    expect(screen.getByRole("status")).toHaveTextContent("Still no connection");
    expect(assign).not.toHaveBeenCalled();

    goOffline(false);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(assign).toHaveBeenCalledWith("/management/devices");
  });
});

describe("network toasts", () => {
  it("SH-ERR-011 says when the connection is lost, and calmly when it is back", async () => {
    fakeApi();
    renderAt("/rms-connect/sftp");
    await screen.findByRole("heading", { name: "File transfer" });

    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(await screen.findByText("The network connection has been lost.")).toBeVisible();

    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("You are back online.")).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText("The network connection has been lost.")).not.toBeInTheDocument(),
    );
  });
});
