import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { STORAGE_KEYS } from "@netfleet/contracts/constants";
import { AppProviders } from "../../../app/providers";
import { createQueryClient } from "../../../lib/query-client";
import { failure, fakeApi } from "../../../test/fake-api";
import { SessionPrompts } from "./session-prompts";

const DEFAULT_THEME = { default: true };
const BRANDED_THEME = { default: false };
const OK = { status: 200, body: { success: true, message: "Account updated successfully" } };

function person(overrides: { email?: string; username?: string | null; tos_accepted?: boolean }) {
  return { id: 3, email: "ada@example.com", username: "ada", tos_accepted: true, ...overrides };
}

function renderPrompts(props: Parameters<typeof SessionPrompts>[0]) {
  const onUserChanged = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SessionPrompts onUserChanged={onUserChanged} {...props} />
    </AppProviders>,
  );
  return { onUserChanged, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("terms of service", () => {
  it("SH-START-020 opens a headerless data agreement that only accepting closes", async () => {
    const api = fakeApi().on("PUT", "/account/user", OK);
    const { user, onUserChanged } = renderPrompts({
      user: person({ tos_accepted: false }),
      theme: DEFAULT_THEME,
    });

    const dialog = await screen.findByRole("dialog", { name: "Data processing agreement" });
    expect(screen.queryByRole("button", { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(dialog).toBeVisible();

    await user.click(screen.getByRole("button", { name: "I accept" }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls("PUT", "/account/user").map((r) => r.body)).toEqual([{ tos_accepted: true }]);
    expect(onUserChanged).toHaveBeenCalled();
  });

  it("keeps the agreement open and says why when saving fails", async () => {
    fakeApi().on("PUT", "/account/user", failure(503, "SERVICE_UNAVAILABLE", "Try later."));
    const { user } = renderPrompts({ user: person({ tos_accepted: false }), theme: DEFAULT_THEME });

    await user.click(await screen.findByRole("button", { name: "I accept" }));

    expect(await screen.findByText("Your acceptance could not be saved: Try later.")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Data processing agreement" })).toBeVisible();
  });

  it("SH-START-021 SH-START-022 records acceptance silently with a branded theme", async () => {
    const api = fakeApi().on("PUT", "/account/user", OK);
    const { onUserChanged } = renderPrompts({
      user: person({ tos_accepted: false }),
      theme: BRANDED_THEME,
    });

    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.tosAccepted)).toBe("true"));
    expect(api.calls("PUT", "/account/user").map((r) => r.body)).toEqual([{ tos_accepted: true }]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onUserChanged).toHaveBeenCalledTimes(1);
  });

  it("asks nothing of a user who accepted and has an e-mail address", () => {
    const api = fakeApi();
    renderPrompts({ user: person({}), theme: DEFAULT_THEME });

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.tosAccepted)).toBeNull();
  });
});

describe("e-mail prompt", () => {
  const legacy = person({ email: "legacy", username: "legacy" });

  it("SH-START-023 asks an account whose e-mail is its user name for an address", async () => {
    const api = fakeApi().on("PUT", "/account/user", OK);
    const { user, onUserChanged } = renderPrompts({ user: legacy, theme: DEFAULT_THEME });

    const dialog = await screen.findByRole("dialog", { name: "Please enter your email address" });
    expect(screen.queryByRole("button", { name: /close/i })).not.toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "  Legacy@Example.com ");
    await user.click(screen.getByRole("button", { name: "Save e-mail address" }));

    expect(
      await screen.findByText(
        "Check your inbox: we sent a confirmation link to legacy@example.com.",
      ),
    ).toBeVisible();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(api.calls("PUT", "/account/user").map((r) => r.body)).toEqual([
      { email: "legacy@example.com" },
    ]);
    expect(onUserChanged).toHaveBeenCalled();
  });

  it("checks the address before sending and shows the server's refusal under the field", async () => {
    const api = fakeApi().on(
      "PUT",
      "/account/user",
      failure(422, "VALIDATION_FAILED", "This e-mail address is already in use.", "email"),
    );
    const { user } = renderPrompts({ user: legacy, theme: DEFAULT_THEME });
    const field = await screen.findByRole("textbox", { name: "E-mail" });

    await user.type(field, "not-an-address");
    await user.click(screen.getByRole("button", { name: "Save e-mail address" }));
    expect(await screen.findByText("Enter a valid e-mail address")).toBeVisible();
    expect(api.requests).toHaveLength(0);

    await user.clear(field);
    await user.type(field, "taken@example.com");
    await user.click(screen.getByRole("button", { name: "Save e-mail address" }));

    expect(await screen.findByText("This e-mail address is already in use.")).toBeVisible();
    expect(screen.getByRole("dialog", { name: "Please enter your email address" })).toBeVisible();
  });

  it("comes after the terms when both are asked", async () => {
    fakeApi().on("PUT", "/account/user", OK);
    const { user } = renderPrompts({
      user: { ...legacy, tos_accepted: false },
      theme: DEFAULT_THEME,
    });

    await screen.findByRole("dialog", { name: "Data processing agreement" });
    expect(screen.queryByRole("dialog", { name: "Please enter your email address" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "I accept" }));

    expect(
      await screen.findByRole("dialog", { name: "Please enter your email address" }),
    ).toBeVisible();
  });
});
