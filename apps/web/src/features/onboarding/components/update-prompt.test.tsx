import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import { AppProviders } from "../../../app/providers";
import { clearHttpCache } from "../../../lib/http";
import { createQueryClient } from "../../../lib/query-client";
import { fakeApi } from "../../../test/fake-api";
import { VERSION_CHECK_INTERVAL_MS, buildTimestamp } from "../version-check";
import { UpdatePrompt } from "./update-prompt";

const NEWER = buildTimestamp() + 600;
const reload = vi.fn();

/** The page as served from a real host name, with a reload the test can see. */
function servedFrom(hostname: string) {
  const real = window.location;
  vi.spyOn(window, "location", "get").mockReturnValue({ ...real, hostname, reload });
}

function serveVersion(timestamp: number) {
  return fakeApi().on("GET", "/version.json", {
    status: 200,
    body: { version: "5.16.0", timestamp },
  });
}

function renderPrompt() {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <UpdatePrompt />
    </AppProviders>,
  );
}

const prompt = () => screen.queryByRole("dialog", { name: "A new version is available" });

/** Lets the check answer and `ms` of time pass. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
  clearHttpCache();
  reload.mockClear();
  servedFrom("console.example.com");
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("update prompt", () => {
  it("SH-START-014 SH-START-017 starts hidden and shows 1000 ms after a check finds a newer version", async () => {
    const api = serveVersion(NEWER);
    renderPrompt();
    expect(prompt()).not.toBeInTheDocument();

    await wait(999);
    expect(api.calls("GET", "/version.json")).toHaveLength(1);
    expect(prompt()).not.toBeInTheDocument();

    await wait(1);
    expect(prompt()).toBeVisible();
  });

  it("SH-START-015 asks the server without a cache and compares with the stored timestamp", async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, String(NEWER - 1));
    const api = serveVersion(NEWER);
    renderPrompt();
    await wait(1000);

    expect(prompt()).toBeVisible();
    expect(api.calls("GET", "/version.json")[0]?.headers["cache-control"]).toBe("no-cache");
  });

  it("SH-START-016 stays hidden when the server is not newer than the stored timestamp", async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, String(NEWER));
    serveVersion(NEWER);
    renderPrompt();
    await wait(5000);

    expect(prompt()).not.toBeInTheDocument();
  });

  it("SH-START-016 stays hidden when the server is not newer than this build", async () => {
    serveVersion(buildTimestamp());
    renderPrompt();
    await wait(5000);

    expect(prompt()).not.toBeInTheDocument();
  });

  it("checks again every 5 minutes", async () => {
    const api = serveVersion(buildTimestamp());
    renderPrompt();
    await wait(10);
    expect(api.calls("GET", "/version.json")).toHaveLength(1);

    await wait(VERSION_CHECK_INTERVAL_MS);
    expect(api.calls("GET", "/version.json")).toHaveLength(2);
  });

  it("SH-START-018 never checks on localhost", async () => {
    vi.restoreAllMocks();
    servedFrom("localhost");
    const api = serveVersion(NEWER);
    renderPrompt();
    await wait(VERSION_CHECK_INTERVAL_MS + 2000);

    expect(api.requests).toHaveLength(0);
    expect(prompt()).not.toBeInTheDocument();
  });

  it("SH-START-019 Later hides the prompt and resets the stored timestamp to 0", async () => {
    window.localStorage.setItem(STORAGE_KEYS.currentVersionTimestamp, "5");
    serveVersion(NEWER);
    renderPrompt();
    await wait(1000);

    fireEvent.click(screen.getByRole("button", { name: "Later" }));

    expect(prompt()).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.currentVersionTimestamp)).toBe("0");
    expect(reload).not.toHaveBeenCalled();

    // The next check offers it again.
    await wait(VERSION_CHECK_INTERVAL_MS + 1000);
    expect(prompt()).toBeVisible();
  });

  it("Update stores the server's timestamp and reloads", async () => {
    serveVersion(NEWER);
    renderPrompt();
    await wait(1000);

    fireEvent.click(screen.getByRole("button", { name: "Update" }));

    expect(window.localStorage.getItem(STORAGE_KEYS.currentVersionTimestamp)).toBe(String(NEWER));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
