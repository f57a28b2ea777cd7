import { describe, expect, it, vi } from "vitest";
import { notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import { createQueryClient } from "../lib/query-client";
import { AppProviders } from "./providers";

// A page that has not shown yet: the toasts' container would wait for it.
vi.mock("../lib/first-paint", () => ({ useFirstPaintShown: () => false }));

describe("the toasts' container", () => {
  it("comes as soon as a toast is raised, however early", async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>Console</p>
      </AppProviders>,
    );
    expect(document.querySelector("[data-position]")).toBeNull();

    act(() => {
      notifications.show({ message: "Timezone updated" });
    });

    expect(await screen.findByText("Timezone updated")).toBeInTheDocument();
    act(() => {
      notifications.clean();
    });
    // It stays once it has come.
    expect(document.querySelector("[data-position]")).not.toBeNull();
  });
});
