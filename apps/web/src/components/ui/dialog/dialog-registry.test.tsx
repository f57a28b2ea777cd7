import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { DialogHost } from "./dialog-host";
import { DIALOG_NAMES, dialogComponent, isDialogName } from "./dialog-registry";
import { closeAllDialogs, dialogEntry, openDialog } from "./dialog-store";
import { openErrorDialog } from "./error-dialog";
import { ApplyConfigPrompt, MonitoringTemplatesRemovePrompt } from "./prompt-bodies";
import { forgetReminders } from "./reminders";

afterEach(() => {
  act(() => closeAllDialogs());
  forgetReminders();
});

function expectNamed(names: readonly string[]) {
  for (const name of names) expect(isDialogName(name), name).toBe(true);
}

function renderHost() {
  fakeApi()
    .on("GET", "/api/storage", success([], { meta: { total: 0 } }))
    .on("POST", "/api/tags", success({ id: 1 }));
  return renderPage(<DialogHost />);
}

describe("the dialog registry", () => {
  it("FM-DIALOG-001 names the device add, files, images, notes, notices, reports, remote access, VPN, tags, alerts, dashboards and credit report dialogs", () => {
    expectNamed([
      "device-add-form",
      "device-add-from-file",
      "device-add-list",
      "files",
      "images",
      "notes",
      "notices",
      "reports",
      "remote-access",
      "vpn",
      "vpn-quick-connect",
      "tags",
      "alerts",
      "dashboards",
      "credit-report",
    ]);
  });

  it("FM-DIALOG-002 names the device access, tooling, task and SMTP dialogs", () => {
    expectNamed([
      "data-agreement",
      "device-access",
      "device-cli",
      "device-web-ui",
      "dynamic-dns",
      "site-blocking",
      "ports-info",
      "templates",
      "task-manager",
      "task-logs",
      "multi-config",
      "multi-config-logs",
      "smtp-config",
      "smtp-create",
    ]);
  });

  it("FM-DIALOG-003 names the role, move, security, location, wifi and account dialogs", () => {
    expectNamed([
      "new-role",
      "edit-user-role",
      "role-permissions-table",
      "roles-table",
      "move-devices",
      "move-users",
      "move-resources",
      "password-manager",
      "periodic-backup-rules",
      "location-history",
      "wifi-chart",
      "wifi-qr-code",
      "esim-configuration",
      "terms-and-conditions",
      "update-notice",
      "user-email-prompt",
      "mfa-id",
      "mfa-totp",
      "mfa-notice",
      "change-mfa",
    ]);
    expect(DIALOG_NAMES.length).toBeGreaterThanOrEqual(130);
    expect(new Set(DIALOG_NAMES).size).toBe(DIALOG_NAMES.length);
    expect(DIALOG_NAMES.every((n) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(n))).toBe(true);
    expect(isDialogName("no-such-dialog")).toBe(false);
  });

  it("FM-DIALOG-004 ApplyConfigPrompt and MonitoringTemplatesRemovePrompt are registered prompt bodies", async () => {
    expect(dialogComponent("apply-config-prompt")).toBeDefined();
    expect(dialogComponent("monitoring-templates-remove-prompt")).toBeDefined();
    expect(dialogComponent("vpn-quick-connect")).toBeUndefined();

    renderHost();
    act(() =>
      openDialog({
        id: "apply",
        title: "Apply",
        component: "apply-config-prompt",
        props: { name: "Branch" },
      }),
    );
    expect(
      await screen.findByText("Apply the configuration “Branch” to the selected devices?"),
    ).toBeVisible();

    renderPage(<MonitoringTemplatesRemovePrompt count={3} />);
    expect(screen.getByText("Remove the selected monitoring templates (3)?")).toBeVisible();
    expect(ApplyConfigPrompt).toBeTypeOf("function");
  });

  it("an error dialog lists every message and closes", async () => {
    const { user } = renderHost();
    act(() => openErrorDialog(["First problem", "Second problem"]));
    const dialog = screen.getByRole("dialog", { name: "Error" });
    expect(within(dialog).getByText("First problem")).toBeVisible();
    expect(within(dialog).getByText("Second problem")).toBeVisible();
    await user.click(within(dialog).getAllByRole("button", { name: "Close" }).at(-1)!);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a form dialog closes once its form was sent", async () => {
    const { user } = renderHost();
    act(() =>
      openDialog({
        id: "new-tag",
        title: "New tag",
        form: {
          endpoint: "/api/tags",
          fields: [{ key: "name", label: "Name", required: true }],
          hideMessages: true,
          reload: false,
        },
      }),
    );
    await user.type(screen.getByRole("textbox", { name: /name/i }), "Lab{Enter}");
    await waitFor(() => expect(dialogEntry("new-tag")).toBeUndefined());
  });
});
