import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { Invitation } from "@netfleet/contracts/schemas/invitations";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

function invitation(id: number, overrides: Partial<Invitation> = {}): Invitation {
  return {
    id,
    email: `guest${id}@example.com`,
    role_id: 3,
    role: "end_user",
    role_title: "End Client",
    company_id: 4,
    company_name: "Acme Retail",
    status: "pending",
    invited_by_id: 7,
    invited_by_email: "ada@example.com",
    created_at: "2026-03-01 10:00:00",
    expires_at: "2026-03-08 10:00:00",
    accepted_at: null,
    revoked_at: null,
    ...overrides,
  };
}

const ROWS = [
  invitation(1),
  invitation(2, { status: "accepted", accepted_at: "2026-03-02 10:00:00" }),
  invitation(3, { status: "expired" }),
  invitation(4, { status: "revoked", revoked_at: "2026-03-02 10:00:00" }),
];

function list(rows: Invitation[]) {
  return (request: FakeRequest) => {
    const status = request.query.get("status");
    const shown = status ? rows.filter((r) => r.status === status) : rows;
    return success(shown, { meta: { total: shown.length } });
  };
}

/** Dialogs and menus draw from lazy chunks that are slow to load the first time. */
const SLOW = { timeout: 5000 };

function signedIn(permissions: string[]) {
  const me = testUser({ permissions: ["view_devices", "view_user_invitations", ...permissions] });
  return fakeApi().on("GET", "/api/user", success(me, me));
}

async function openPage(url = "/users/invitations") {
  const rendered = renderApp(url);
  await screen.findByRole("heading", { level: 1, name: "Invitations" }, { timeout: 8000 });
  return rendered;
}

const rowOf = (text: string) => screen.getByText(text).closest("tr") as HTMLElement;

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("the invitations page", () => {
  it("lists every invitation with its state, company, role and dates", async () => {
    const api = signedIn([]).on("GET", "/api/users/invitations", list(ROWS));
    await openPage();

    const table = await screen.findByRole("table", { name: "Invitations" });
    await within(table).findByText("guest1@example.com");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["E-mail", "Company", "Role", "Status", "Sent", "Expires"]);
    const statuses = ["Pending", "Accepted", "Expired", "Revoked"];
    ROWS.forEach((row, index) => {
      expect(within(rowOf(row.email)).getByText(statuses[index]!)).toBeVisible();
    });
    for (const text of ["Acme Retail", "End Client", "Invited by ada@example.com"]) {
      expect(within(rowOf("guest1@example.com")).getByText(text)).toBeVisible();
    }
    expect(api.calls("GET", "/api/users/invitations")[0]?.query.has("status")).toBe(false);
    // Without create_user_invitations: no Invite button, no actions.
    expect(screen.queryByRole("button", { name: "Invite user" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Send the invitation/ })).toBeNull();
  });

  it("offers resend and revoke only for invitations that can still be used", async () => {
    signedIn(["create_user_invitations"]).on("GET", "/api/users/invitations", list(ROWS));
    await openPage();
    await screen.findByText("guest1@example.com");

    for (const email of ["guest1@example.com", "guest3@example.com"]) {
      expect(
        screen.getByRole("button", { name: `Send the invitation to ${email} again` }),
      ).toBeVisible();
      expect(
        screen.getByRole("button", { name: `Revoke the invitation to ${email}` }),
      ).toBeVisible();
    }
    for (const email of ["guest2@example.com", "guest4@example.com"]) {
      expect(within(rowOf(email)).queryByRole("button")).toBeNull();
    }
  });

  it("resends an invitation and shows the server's answer", async () => {
    const api = signedIn(["create_user_invitations"])
      .on("GET", "/api/users/invitations", list(ROWS))
      .on(
        "POST",
        "/api/users/invitations/3/resend",
        success(invitation(3), { message: "Invitation sent successfully" }),
      );
    const { user } = await openPage();
    await screen.findByText("guest3@example.com");
    const loads = api.calls("GET", "/api/users/invitations").length;

    await user.click(
      screen.getByRole("button", { name: "Send the invitation to guest3@example.com again" }),
    );

    expect(await screen.findByText("Invitation sent successfully")).toBeVisible();
    expect(api.calls("POST", "/api/users/invitations/3/resend")).toHaveLength(1);
    await expect.poll(() => api.calls("GET", "/api/users/invitations").length).toBe(loads + 1);
  });

  it("shows why a resend was refused", async () => {
    signedIn(["create_user_invitations"])
      .on("GET", "/api/users/invitations", list(ROWS))
      .on(
        "POST",
        "/api/users/invitations/1/resend",
        failure(422, "VALIDATION_FAILED", "A user with this e-mail address already exists."),
      );
    const { user } = await openPage();
    await screen.findByText("guest1@example.com");

    await user.click(
      screen.getByRole("button", { name: "Send the invitation to guest1@example.com again" }),
    );

    expect(
      await screen.findByText("A user with this e-mail address already exists."),
    ).toBeVisible();
  });

  it("revokes an invitation only after confirmation", async () => {
    const api = signedIn(["create_user_invitations"])
      .on("GET", "/api/users/invitations", list(ROWS))
      .on(
        "DELETE",
        "/api/users/invitations/1",
        success(null, { message: "Invitation revoked successfully" }),
      );
    const { user } = await openPage();
    await screen.findByText("guest1@example.com");

    await user.click(
      screen.getByRole("button", { name: "Revoke the invitation to guest1@example.com" }),
    );
    let prompt = await screen.findByRole(
      "dialog",
      { name: "Revoke the invitation to guest1@example.com?" },
      SLOW,
    );
    await user.click(within(prompt).getByRole("button", { name: "Cancel" }));
    expect(api.calls("DELETE", "/api/users/invitations/1")).toHaveLength(0);

    await user.click(
      screen.getByRole("button", { name: "Revoke the invitation to guest1@example.com" }),
    );
    prompt = await screen.findByRole(
      "dialog",
      { name: "Revoke the invitation to guest1@example.com?" },
      SLOW,
    );
    await user.click(within(prompt).getByRole("button", { name: "Revoke" }));

    expect(await screen.findByText("Invitation revoked successfully")).toBeVisible();
    expect(api.calls("DELETE", "/api/users/invitations/1")).toHaveLength(1);
  });

  it("filters by state on the server and says when a state has none", async () => {
    const api = signedIn([]).on("GET", "/api/users/invitations", list([invitation(1)]));
    const { user } = await openPage();
    await screen.findByText("guest1@example.com");

    await user.click(screen.getByRole("radio", { name: "Expired" }));

    expect(await screen.findByText("No invitations in this state")).toBeVisible();
    expect(api.calls("GET", "/api/users/invitations").at(-1)?.query.get("status")).toBe("expired");
  });

  it("says so when there are no invitations at all", async () => {
    signedIn([]).on("GET", "/api/users/invitations", list([]));
    await openPage();
    expect(await screen.findByText("No invitations yet")).toBeVisible();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    signedIn([]).on(
      "GET",
      "/api/users/invitations",
      failure(500, "SERVER_ERROR", "Something went wrong."),
    );
    await openPage();

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load invitations");
    expect(alert).toHaveTextContent("Something went wrong.");
  });
});

describe("Invite user", () => {
  const companies = success(
    [
      { id: 1, name: "Netfleet Demo" },
      { id: 4, name: "Acme Retail" },
    ],
    { meta: { total: 2 } },
  );

  function rolesOf(request: FakeRequest) {
    const company = request.query.get("company_id");
    const roles =
      company === "4"
        ? [
            { id: 3, name: "end_user", title: "End Client" },
            { id: 41, name: "store_manager", title: "Store manager" },
          ]
        : [{ id: 2, name: "admin", title: "Administrator" }];
    return success(roles, { meta: { total: roles.length } });
  }

  async function openForm() {
    const api = signedIn(["create_user_invitations"])
      .on("GET", "/api/users/invitations", list([]))
      .on("GET", "/api/companies", companies)
      .on("GET", "/api/roles", rolesOf);
    const rendered = await openPage();
    await rendered.user.click(await screen.findByRole("button", { name: "Invite user" }));
    const dialog = await screen.findByRole("dialog", { name: "Invite user" }, SLOW);
    // The form's code loads on first use.
    await within(dialog).findByRole("textbox", { name: "E-mail" }, SLOW);
    return { ...rendered, api, dialog };
  }

  async function pick(
    user: ReturnType<typeof renderApp>["user"],
    field: HTMLElement,
    name: string,
  ) {
    await user.click(field);
    await user.click(await screen.findByRole("option", { name }));
  }

  it("offers only the roles the inviter may grant in the chosen company", async () => {
    const { user, dialog, api } = await openForm();
    // No company, no roles to choose from yet.
    expect(within(dialog).queryByRole("textbox", { name: "Role" })).toBeNull();

    await pick(user, within(dialog).getByRole("textbox", { name: "Company" }), "Acme Retail");
    await user.click(within(dialog).getByRole("textbox", { name: "Role" }));
    const offered = await screen.findByRole("option", { name: "Store manager" });
    const listbox = offered.closest<HTMLElement>("[role=listbox]")!;
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["End Client", "Store manager"]);
    const query = api.calls("GET", "/api/roles").at(-1)?.query;
    expect(query?.get("grantable")).toBe("true");
    expect(query?.get("company_id")).toBe("4");
  });

  it("forgets the role when the company changes", async () => {
    const { user, dialog } = await openForm();
    await pick(user, within(dialog).getByRole("textbox", { name: "Company" }), "Acme Retail");
    await pick(user, within(dialog).getByRole("textbox", { name: "Role" }), "Store manager");

    await pick(user, within(dialog).getByRole("textbox", { name: "Company" }), "Netfleet Demo");

    expect(within(dialog).getByRole("textbox", { name: "Role" })).toHaveValue("");
    await user.click(within(dialog).getByRole("textbox", { name: "Role" }));
    expect(await screen.findByRole("option", { name: "Administrator" })).toBeVisible();
    expect(screen.queryByRole("option", { name: "Store manager" })).toBeNull();
  });

  it("FM-ENTITY-040 sends the address, the company and the role, then reloads the list", async () => {
    const { user, dialog, api } = await openForm();
    api.on(
      "POST",
      "/api/users/invite",
      success(invitation(9), { message: "Invitation sent successfully" }),
    );
    const loads = api.calls("GET", "/api/users/invitations").length;

    await user.type(within(dialog).getByRole("textbox", { name: "E-mail" }), "new@example.com");
    await pick(user, within(dialog).getByRole("textbox", { name: "Company" }), "Acme Retail");
    await pick(user, within(dialog).getByRole("textbox", { name: "Role" }), "Store manager");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));

    expect(await screen.findByText("Invitation sent successfully")).toBeVisible();
    expect(api.calls("POST", "/api/users/invite")[0]?.body).toEqual({
      email: "new@example.com",
      company_id: 4,
      role: 41,
    });
    await expect.poll(() => api.calls("GET", "/api/users/invitations").length).toBe(loads + 1);
  });

  it("requires every field and shows the server's refusal under its field", async () => {
    const { user, dialog, api } = await openForm();
    api.on(
      "POST",
      "/api/users/invite",
      failure(422, "VALIDATION_FAILED", "A user with this e-mail address already exists.", "email"),
    );

    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));
    expect(within(dialog).getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
      /required/i,
    );
    expect(api.calls("POST", "/api/users/invite")).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: "E-mail" }), "ada@example.com");
    await pick(user, within(dialog).getByRole("textbox", { name: "Company" }), "Acme Retail");
    await pick(user, within(dialog).getByRole("textbox", { name: "Role" }), "End Client");
    await user.click(within(dialog).getByRole("button", { name: "Send invitation" }));

    expect(
      await within(dialog).findByText("A user with this e-mail address already exists."),
    ).toBeVisible();
  });
});
