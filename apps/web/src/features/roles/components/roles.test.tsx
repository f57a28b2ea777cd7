import { afterEach, describe, expect, it } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import type { Role, RoleDetail } from "@netfleet/contracts/schemas/roles";
import { closeAllDialogs } from "../../../components/ui/dialog/dialog-store";
import { failure, fakeApi, success, type FakeRequest } from "../../../test/fake-api";
import { renderApp } from "../../../test/render";
import { testUser } from "../../../test/users";

const LONG_NAME = "regional_network_operations_supervisor_for_the_northern_stores";

function role(id: number, overrides: Partial<Role> = {}): Role {
  return {
    id,
    name: `role_${id}`,
    title: `Role ${id}`,
    description: "",
    company_id: 4,
    company_name: "Acme Retail",
    permissions_count: 3,
    canInviteRoles: [],
    isDefault: false,
    users_count: 2,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-02T00:00:00.000Z",
    ...overrides,
  };
}

const ROLES = [
  role(2, {
    name: "admin",
    title: "Administrator",
    company_id: null,
    company_name: null,
    isDefault: true,
  }),
  role(40, { name: LONG_NAME, title: "Northern supervisor" }),
];

function detail(id: number, permissions: string[], overrides: Partial<Role> = {}): RoleDetail {
  return { ...role(id, overrides), permissions_count: permissions.length, permissions };
}

function list(rows: Role[]) {
  return (request: FakeRequest) => {
    const type = request.query.get("type");
    const shown = rows.filter((r) => !type || (type === "default") === r.isDefault);
    return success(shown, { meta: { total: shown.length } });
  };
}

/** Dialogs draw from lazy chunks that are slow to load the first time. */
const SLOW = { timeout: 5000 };

function signedIn(permissions: string[]) {
  const me = testUser({ permissions: ["view_devices", "view_roles", ...permissions] });
  return fakeApi()
    .on("GET", "/api/user", success(me, me))
    .on("GET", "/api/roles", list(ROLES))
    .on("GET", "/api/companies", success([{ id: 4, name: "Acme Retail" }], { meta: { total: 1 } }));
}

async function openPage(url = "/users/roles") {
  const rendered = renderApp(url);
  await screen.findByRole("heading", { level: 1, name: "Roles & Permissions" }, { timeout: 8000 });
  await screen.findByRole("button", { name: "admin" });
  return rendered;
}

const rowOf = (element: HTMLElement) => element.closest("tr") as HTMLElement;

afterEach(() => {
  act(() => {
    closeAllDialogs();
    notifications.clean();
  });
});

describe("the roles page", () => {
  it("lists the fixed roles and the custom ones with their company and counts", async () => {
    signedIn([]);
    await openPage();

    const table = screen.getByRole("table", { name: "Roles" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Title", "Company", "Type", "Permissions", "Users"]);
    const fixed = rowOf(screen.getByRole("button", { name: "admin" }));
    for (const text of ["Administrator", "Every company", "Fixed"]) {
      expect(within(fixed).getByText(text)).toBeVisible();
    }
    const custom = rowOf(screen.getByTitle(LONG_NAME));
    for (const text of ["Northern supervisor", "Acme Retail", "Custom"]) {
      expect(within(custom).getByText(text)).toBeVisible();
    }
    // Without create_roles there is nothing to change.
    expect(screen.queryByRole("button", { name: "New role" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "Actions" })).toBeNull();
  });

  it("FM-ENTITY-039 cuts a role name to 45 characters and shows it whole on hover", async () => {
    signedIn([]);
    await openPage();

    const name = screen.getByTitle(LONG_NAME);
    expect(name.textContent).toHaveLength(45);
    expect(name.textContent).toBe(`${LONG_NAME.slice(0, 44)}…`);
    expect(screen.getByRole("button", { name: "admin" })).not.toHaveAttribute("title");
  });

  it("offers editing and deleting of custom roles only, to holders of create_roles", async () => {
    signedIn(["create_roles"]);
    await openPage();

    expect(screen.getByRole("button", { name: "New role" })).toBeVisible();
    const fixed = rowOf(screen.getByRole("button", { name: "admin" }));
    expect(within(fixed).queryByRole("button", { name: /^(Edit|Delete) / })).toBeNull();
    const custom = rowOf(screen.getByTitle(LONG_NAME));
    expect(within(custom).getByRole("button", { name: `Edit ${LONG_NAME}` })).toBeVisible();
    expect(within(custom).getByRole("button", { name: `Delete ${LONG_NAME}` })).toBeVisible();
  });

  it("opens a role with its permissions grouped as the catalogue groups them", async () => {
    signedIn([]).on(
      "GET",
      "/api/roles/2",
      success(
        detail(2, ["view_tags", "view_devices", "create_tags", "view_users", "export_widgets"], {
          name: "admin",
          title: "Administrator",
          isDefault: true,
          company_id: null,
          company_name: null,
        }),
      ),
    );
    const { user } = await openPage();

    await user.click(screen.getByRole("button", { name: "admin" }));

    const dialog = await screen.findByRole("dialog", { name: "admin" }, SLOW);
    const table = await within(dialog).findByRole("table", { name: "Role permissions" });
    const groups = within(table)
      .getAllByRole("columnheader")
      .filter((h) => h.getAttribute("scope") === "colgroup");
    expect(groups.map((g) => g.textContent)).toEqual([
      "Devices1",
      "Users and roles1",
      "Tags2",
      "Other1",
    ]);
    expect(within(table).getByText("View devices")).toBeVisible();
    expect(within(table).getByText("create_tags")).toBeVisible();
    expect(within(dialog).getByText("Permissions (5)")).toBeVisible();
    // A fixed role is not edited.
    expect(within(dialog).queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("keeps one kind of role on the server's side and says when there are no custom roles", async () => {
    const api = signedIn([]).on("GET", "/api/roles", list([ROLES[0]!]));
    const { user } = await openPage();

    await user.click(screen.getByRole("radio", { name: "Custom" }));

    expect(await screen.findByText("No custom roles yet")).toBeVisible();
    expect(api.calls("GET", "/api/roles").at(-1)?.query.get("type")).toBe("custom");
  });

  it("shows the server's message when the roles cannot be loaded", async () => {
    signedIn([]).on("GET", "/api/roles", failure(500, "SERVER_ERROR", "Something went wrong."));
    renderApp("/users/roles");

    const alert = await screen.findByRole("alert", {}, { timeout: 8000 });
    expect(alert).toHaveTextContent("Could not load roles");
    expect(alert).toHaveTextContent("Something went wrong.");
  });

  it("deletes a custom role after confirmation, and shows why the server refused", async () => {
    let held = true;
    const api = signedIn(["create_roles"]).on("DELETE", "/api/roles/40", () =>
      held
        ? failure(
            422,
            "VALIDATION_FAILED",
            "This role is held by 2 users. Give them another role first.",
          )
        : success(null, { message: "Role deleted successfully" }),
    );
    const { user } = await openPage();
    const remove = async () => {
      await user.click(screen.getByRole("button", { name: `Delete ${LONG_NAME}` }));
      const prompt = await screen.findByRole("dialog", { name: `Delete role ${LONG_NAME}?` }, SLOW);
      await user.click(within(prompt).getByRole("button", { name: "Delete" }));
    };

    await remove();
    expect(
      await screen.findByText("This role is held by 2 users. Give them another role first."),
    ).toBeVisible();

    held = false;
    await remove();
    expect(await screen.findByText("Role deleted successfully")).toBeVisible();
    expect(api.calls("DELETE", "/api/roles/40")).toHaveLength(2);
  });
});

describe("the role forms", () => {
  const HELD = ["view_devices", "create_roles", "view_tags", "create_tags", "view_mail_logs"];

  async function openNewRole() {
    const api = signedIn(HELD).on(
      "POST",
      "/api/roles",
      success(detail(41, ["view_tags"]), { message: "Role created successfully" }),
    );
    const rendered = await openPage();
    await rendered.user.click(screen.getByRole("button", { name: "New role" }));
    const dialog = await screen.findByRole("dialog", { name: "New role" }, SLOW);
    return { ...rendered, api, dialog };
  }

  const permissionBoxes = (dialog: HTMLElement) =>
    within(dialog)
      .getAllByRole("checkbox")
      .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? "");

  it("offers only the permissions the creator holds, and never the installation's own", async () => {
    // The creator also holds view_mail_logs, which only the fixed System Administrator grants.
    const { dialog } = await openNewRole();

    expect(permissionBoxes(dialog)).toEqual([
      "Every permission you can grant",
      "Devices · View devices",
      "Users and roles · View roles",
      "Users and roles · Create roles",
      "Tags · View tags",
      "Tags · Create tags",
    ]);
  });

  it("creates a role granting the ticked permissions", async () => {
    const { user, dialog, api } = await openNewRole();

    await user.click(within(dialog).getByRole("textbox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Retail" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "tag_keeper");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Tag keeper");
    await user.click(within(dialog).getByRole("checkbox", { name: "Tags · View tags" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "Tags · Create tags" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    expect(await screen.findByText("Role created successfully")).toBeVisible();
    expect(api.calls("POST", "/api/roles")[0]?.body).toEqual({
      company_id: 4,
      name: "tag_keeper",
      title: "Tag keeper",
      permissions: ["view_tags", "create_tags"],
    });
  });

  it("ticks every permission shown at once, and asks for at least one", async () => {
    const { user, dialog, api } = await openNewRole();
    await user.click(within(dialog).getByRole("textbox", { name: "Company" }));
    await user.click(await screen.findByRole("option", { name: "Acme Retail" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "all_of_mine");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "All of mine");

    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(
      within(dialog).getByRole("checkbox", { name: "Every permission you can grant" }),
    ).toHaveAccessibleDescription(/Choose at least one permission/);
    expect(api.calls("POST", "/api/roles")).toHaveLength(0);

    await user.click(
      within(dialog).getByRole("checkbox", { name: "Every permission you can grant" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await screen.findByText("Role created successfully");
    expect(api.calls("POST", "/api/roles")[0]?.body).toMatchObject({
      permissions: ["view_devices", "view_roles", "create_roles", "view_tags", "create_tags"],
    });
  });

  it("is the page of /forms/new-role for holders of create_roles", async () => {
    signedIn(HELD);
    renderApp("/forms/new-role");

    expect(
      await screen.findByRole("checkbox", { name: "Tags · Create tags" }, { timeout: 8000 }),
    ).toBeVisible();
    expect(screen.queryByRole("checkbox", { name: /Delete devices/ })).toBeNull();
  });

  it("edits a custom role from what it grants now", async () => {
    const api = signedIn(HELD)
      .on("GET", "/api/roles/40", success(detail(40, ["view_tags"], { name: LONG_NAME })))
      .on("PUT", "/api/roles/40", success(detail(40, ["view_tags", "create_tags"])));
    const { user } = await openPage();

    await user.click(screen.getByRole("button", { name: `Edit ${LONG_NAME}` }));
    const dialog = await screen.findByRole("dialog", { name: `Edit role ${LONG_NAME}` }, SLOW);
    const viewTags = await within(dialog).findByRole("checkbox", { name: "Tags · View tags" });
    expect(viewTags).toBeChecked();
    expect(within(dialog).getByRole("textbox", { name: "Company" })).toBeDisabled();
    await user.click(within(dialog).getByRole("checkbox", { name: "Tags · Create tags" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Role updated successfully")).toBeVisible();
    expect(api.calls("PUT", "/api/roles/40")[0]?.body).toEqual({
      company_id: 4,
      name: LONG_NAME,
      title: "Role 40",
      description: "",
      permissions: ["view_tags", "create_tags"],
    });
  });
});
