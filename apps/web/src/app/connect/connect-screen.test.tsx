import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { IconTerminal2 } from "@tabler/icons-react";
import { AppProviders } from "../providers";
import { clearHttpCache } from "../../lib/http";
import { createQueryClient } from "../../lib/query-client";
import { failure, fakeApi, success } from "../../test/fake-api";
import { ConnectScreen } from "./connect-screen";

function renderAt(url: string) {
  window.history.replaceState(null, "", url);
  clearHttpCache();
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <ConnectScreen title="SSH" icon={<IconTerminal2 />} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("connect screens", () => {
  it("D8 says the session key is missing instead of asking the server", () => {
    const api = fakeApi();
    renderAt("/rms-connect/ssh?target=core-router");

    expect(screen.getByText(/The session key is missing/)).toBeVisible();
    expect(screen.getByText("core-router")).toBeVisible();
    expect(api.requests).toHaveLength(0);
  });

  it("asks the server about the key and says when the session is gone", async () => {
    const api = fakeApi().on(
      "GET",
      "/api/remote/sessions/k-1",
      failure(404, "NOT_FOUND", "No such session."),
    );
    renderAt("/rms-connect/ssh?key=k-1");

    expect(
      await screen.findByText("This remote session has expired or does not exist."),
    ).toBeVisible();
    expect(api.calls("GET", "/api/remote/sessions/k-1")).toHaveLength(1);
  });

  it("does not pretend to connect when the session exists", async () => {
    fakeApi().on("GET", "/api/remote/sessions/k-2", success({ id: 1 }));
    renderAt("/rms-connect/ssh?key=k-2");

    expect(await screen.findByText(/cannot open remote sessions in the browser yet/)).toBeVisible();
  });

  it("offers to retry when the server could not be asked", async () => {
    fakeApi().on("GET", "/api/remote/sessions/k-3", failure(503, "SERVICE_UNAVAILABLE", "Down."));
    renderAt("/rms-connect/ssh?key=k-3");

    expect(await screen.findByText("The remote session could not be checked: Down.")).toBeVisible();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
