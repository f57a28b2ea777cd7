import { Component, Suspense, type ReactNode } from "react";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-part";

function Chart() {
  return <p>chart drawn</p>;
}

class ErrorBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe("lazyPart", () => {
  it("drawn after its code was asked for ahead, shows at once, without the fallback", async () => {
    const code = Promise.resolve(Chart);
    const load = vi.fn(() => code);
    const Part = lazyPart(load);
    Part.preload();
    await act(() => code);

    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    expect(screen.getByText("chart drawn")).toBeVisible();
    expect(screen.queryByText("loading")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("waits for the network when its chunk failed offline, then loads", async () => {
    const load = vi
      .fn<() => Promise<typeof Chart>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(Chart);
    const Part = lazyPart(load);
    setOnline(false);

    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText("loading")).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);

    setOnline(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(await screen.findByText("chart drawn")).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("tries again while the chunk fails, then lets the failure reach the route", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const failure = new TypeError("Failed to fetch dynamically imported module");
    const load = vi.fn<() => Promise<typeof Chart>>().mockRejectedValue(failure);
    setOnline(true);
    const Part = lazyPart(load);
    let caught: unknown;
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <ErrorBoundary onError={(error) => (caught = error)}>
        <Suspense fallback={<p>loading</p>}>
          <Part />
        </Suspense>
      </ErrorBoundary>,
    );
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(caught).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await vi.waitFor(() => expect(caught).toBe(failure));
    expect(load).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });

  it("loads when a try after a failure online succeeds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const load = vi
      .fn<() => Promise<typeof Chart>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(Chart);
    setOnline(true);
    const Part = lazyPart(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Part />
      </Suspense>,
    );
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(await screen.findByText("chart drawn")).toBeVisible();
    expect(load).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
