import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import type { Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { clearHttpCache } from "../../../lib/http";
import { LANGUAGE_STORAGE_KEY } from "../../../lib/i18n";
import { deferred, failure, fakeApi, success } from "../../../test/fake-api";
import { renderPage } from "../../../test/render";
import { browserLocation } from "../../../lib/browser-location";
import {
  IMPERSONATED_TOKEN,
  testTheme as theme,
  testUser as currentUser,
} from "../../../test/users";
import { UserMenu } from "./user-menu";

function renderMenu(user: CurrentUser = currentUser(), look: Theme = theme()) {
  const onLogout = vi.fn();
  const onRevokeImpersonationAccess = vi.fn();
  const rendered = renderPage(
    <UserMenu
      user={user}
      theme={look}
      onLogout={onLogout}
      onRevokeImpersonationAccess={onRevokeImpersonationAccess}
    />,
    { url: "/management/devices" },
  );
  const open = async () => {
    await rendered.user.click(screen.getByRole("button", { name: /^User menu/ }));
    return screen.findByRole("menu");
  };
  return { ...rendered, open, onLogout, onRevokeImpersonationAccess };
}

const entry = (name: string | RegExp) => screen.getByRole("menuitem", { name });
const noEntry = (name: string | RegExp) => screen.queryByRole("menuitem", { name });

beforeEach(() => {
  // Summary answers are cached for 10 s; each test sets up its own server.
  clearHttpCache();
});

afterEach(() => {
  vi.restoreAllMocks();
  // Toasts live in a store shared by every test.
  notifications.clean();
});

describe("UserMenu", () => {
  it("SH-CONST-006 opens from a 26 px avatar button named after the user", async () => {
    const { open } = renderMenu();

    const button = screen.getByRole("button", { name: "User menu, ada@example.com" });
    expect(button).toHaveTextContent("AL");
    const avatar = button.querySelector<HTMLElement>(".mantine-Avatar-root");
    expect(avatar?.style.getPropertyValue("--avatar-size")).toContain("1.625rem");
    await open();
    expect(screen.getByText("ada@example.com", { selector: "[role=menu] *" })).toBeVisible();
  });

  it("SH-MENU-002 SH-MENU-033 links Account settings to the account service and offers Logout", async () => {
    const { open, onLogout, user } = renderMenu();
    await open();

    expect(entry("Account settings")).toHaveAttribute("href", "/account/settings");
    await user.click(entry("Logout"));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("SH-MENU-003 SH-MENU-033 while impersonating hides Account settings and says the logout cancels it", async () => {
    const { open, onLogout, user } = renderMenu(currentUser({ token: IMPERSONATED_TOKEN }));
    await open();

    expect(noEntry("Account settings")).not.toBeInTheDocument();
    expect(noEntry("Logout")).not.toBeInTheDocument();
    await user.click(entry("Logout & cancel impersonation"));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it("SH-MENU-004 SH-MENU-005 SH-MENU-006 shows a running grant in local time and revokes it", async () => {
    document.cookie = "setTimeZone=Europe/Oslo; path=/";
    const { open, user, onRevokeImpersonationAccess } = renderMenu(
      currentUser({ impersonation_access_limit: "2099-01-02T03:04:05Z" }),
    );
    await open();

    await user.click(entry("Impersonation until 2099-01-02 04:04:05"));
    expect(await screen.findByRole("menu")).toHaveAttribute("data-view", "impersonation");
    expect(screen.getByText("Impersonation until 2099-01-02 04:04:05")).toBeVisible();
    await user.click(entry("Revoke access"));
    expect(onRevokeImpersonationAccess).toHaveBeenCalledTimes(1);
  });

  it("SH-MENU-004 has no impersonation entry without a grant or after it ran out", async () => {
    const { open } = renderMenu(
      currentUser({ impersonation_access_limit: "2001-01-01T00:00:00Z" }),
    );
    await open();

    expect(noEntry(/Impersonation until/)).not.toBeInTheDocument();
  });

  it("SH-MENU-014 SH-MENU-015 Activate code goes to /redeem-code inside the console", async () => {
    const { open, user, router } = renderMenu(
      currentUser({ permissions: ["activate_credit_transfer_codes"] }),
    );
    await open();

    await user.click(entry("Activate code"));
    expect(router.state.location.pathname).toBe("/redeem-code");
    expect(await screen.findByText("Elsewhere")).toBeInTheDocument();
  });

  it("SH-MENU-014 SH-MENU-029 SH-MENU-030 leaves out entries the user may not use", async () => {
    const { open } = renderMenu(currentUser({ permissions: ["view_devices"] }));
    await open();

    expect(noEntry("Activate code")).not.toBeInTheDocument();
    expect(noEntry("View company")).not.toBeInTheDocument();
    expect(noEntry("View assigned permissions")).not.toBeInTheDocument();
    expect(noEntry("Resources")).not.toBeInTheDocument();
  });

  it("SH-MENU-029 links View company to the user's company", async () => {
    const user = currentUser({ permissions: ["view_companies"] });
    const { open } = renderMenu(user);
    await open();

    expect(entry("View company")).toHaveAttribute("href", `/companies/${user.company.id}`);
  });

  it("SH-MENU-030 SH-MENU-031 lists the assigned permissions by area in a User permissions dialog", async () => {
    const { open, user } = renderMenu(
      currentUser({
        permissions: ["view_tags", "view_permissions", "view_devices", "export_widgets"],
      }),
    );
    await open();

    await user.click(entry("View assigned permissions"));

    const dialog = await screen.findByRole("dialog", { name: "User permissions" });
    const areas = within(dialog).getAllByRole("heading", { level: 3 });
    expect(areas.map((h) => h.textContent)).toEqual([
      "Devices",
      "Users and roles",
      "Tags",
      "Other",
    ]);
    const devices = within(dialog).getByRole("region", { name: "Devices" });
    expect(within(devices).getByRole("listitem")).toHaveTextContent("View devices");
    expect(within(dialog).getByText("View assigned permissions")).toBeVisible();
    // A name this console does not know yet is still listed, as it is.
    expect(within(dialog).getByText("export_widgets")).toBeVisible();
  });

  it("SH-MENU-032 shows the application version on the Changelog entry, which opens /changelog", async () => {
    const { open } = renderMenu();
    await open();

    const changelog = entry(/^Changelog/);
    expect(changelog).toHaveTextContent("v5.15.0");
    expect(changelog).toHaveAttribute("href", "/changelog");
  });

  it("SH-MENU-016 SH-MENU-017 switches the colour scheme at once and keeps the choice in a cookie", async () => {
    const { open, user } = renderMenu();
    await open();

    await user.click(entry(/^Dark mode/));
    const options = screen.getAllByRole("menuitemradio");
    expect(options.map((o) => o.textContent)).toEqual(["Auto", "Enable", "Disable"]);
    expect(screen.getByRole("menuitemradio", { name: "Auto" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    await user.click(screen.getByRole("menuitemradio", { name: "Enable" }));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "dark");
    expect(document.cookie).toContain("darkMode=on");

    await user.click(screen.getByRole("menuitemradio", { name: "Disable" }));
    expect(document.documentElement).toHaveAttribute("data-mantine-color-scheme", "light");
    expect(document.cookie).toContain("darkMode=off");
  });

  it("SH-MENU-001 moves between panels with the keyboard, Back returning to the main menu", async () => {
    const { open, user } = renderMenu();
    const menu = await open();
    expect(menu).toHaveAttribute("data-view", "main");

    entry(/^Dark mode/).focus();
    await user.keyboard("{Enter}");

    expect(screen.getByRole("menu")).toHaveAttribute("data-view", "darkmode");
    expect(document.activeElement).toHaveTextContent("Back");
    await user.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveTextContent("Auto");
    await user.keyboard("{ArrowUp}{Enter}");

    expect(screen.getByRole("menu")).toHaveAttribute("data-view", "main");
    expect(document.activeElement).toHaveAttribute("role", "menuitem");
  });
});

describe("UserMenu system timezone", () => {
  it("SH-MENU-018 SH-MENU-019 SH-MENU-020 offers every zone with the selected and UTC time", async () => {
    document.cookie = "setTimeZone=Asia/Tokyo; path=/";
    const { open, user } = renderMenu();
    await open();

    await user.click(entry(/^System timezone/));

    const select = await screen.findByRole("combobox", { name: "System timezone" });
    expect(select).toHaveValue("Asia/Tokyo");
    expect(screen.getByText(/^Selected time:/)).toHaveTextContent(
      /^Selected time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    expect(screen.getByText(/^UTC time:/)).toHaveTextContent(
      /^UTC time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    await user.click(select);
    expect(screen.getAllByRole("option").length).toBe(
      new Set([...Intl.supportedValuesOf("timeZone"), "UTC", "Asia/Tokyo"]).size,
    );
    expect(entry("Reset system timezone")).toBeVisible();
  });

  it("SH-MENU-021 SH-MENU-023 SH-MENU-024 stores a new zone, confirms it and reloads", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => undefined);
    const { open, user } = renderMenu();
    await open();
    await user.click(entry(/^System timezone/));

    const select = await screen.findByRole("combobox", { name: "System timezone" });
    await user.clear(select);
    await user.type(select, "New_York");
    await user.click(await screen.findByRole("option", { name: "America/New_York" }));

    expect(await screen.findByText("Timezone updated successfully")).toBeInTheDocument();
    expect(document.cookie).toContain("setTimeZone=America/New_York");
    // The exact 300 ms are proven with fake timers in lib/timezone.test.ts.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it("SH-MENU-025 resets to the browser's zone with a notice, then reloads", async () => {
    document.cookie = "setTimeZone=Asia/Tokyo; path=/";
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => undefined);
    const { open, user } = renderMenu();
    await open();
    await user.click(entry(/^System timezone/));

    await user.click(entry("Reset system timezone"));

    expect(await screen.findByText("The default timezone is used")).toBeInTheDocument();
    expect(document.cookie).not.toContain("setTimeZone");
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});

describe("UserMenu languages", () => {
  it("SH-MENU-026 offers no language choice when the theme does not allow it", async () => {
    const { open } = renderMenu(currentUser(), theme({ allow_languages: false }));
    await open();

    expect(noEntry(/^Languages/)).not.toBeInTheDocument();
  });

  it("SH-MENU-028 offers the four languages by their own names; a choice is stored and reloads", async () => {
    const reload = vi.spyOn(browserLocation, "reload").mockImplementation(() => undefined);
    const { open, user } = renderMenu();
    await open();
    await user.click(entry(/^Languages/));

    const options = screen.getAllByRole("menuitemradio");
    expect(options.map((o) => o.textContent)).toEqual(["English", "Norsk", "日本語", "Українська"]);

    await user.click(screen.getByRole("menuitemradio", { name: "Norsk" }));

    expect(await screen.findByText("Konsollen lastes inn på nytt på Norsk.")).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("no");
    // The exact 1 s is proven with fake timers in lib/i18n.test.tsx.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2000 });
  });
});

describe("UserMenu resource summary", () => {
  const holder = currentUser({
    permissions: ["view_credits_summary", "view_company_data_history"],
  });
  const summary = {
    company_id: 3,
    credits: {
      left: [
        {
          credit_type_id: 1,
          credit_type: "remote_access",
          credit_type_name: "Remote access",
          credits_left: 1250,
          payment_type: "paid",
        },
        {
          credit_type_id: 2,
          credit_type: "sms",
          credit_type_name: "SMS",
          credits_left: 40,
          payment_type: "free",
        },
      ],
      total: [],
    },
  };

  it("SH-MENU-010 SH-MENU-011 loads on opening and shows the data remaining and credits by type", async () => {
    const release = deferred();
    const api = fakeApi()
      .on("GET", "/api/credits/summary", async () => {
        await release.promise;
        return success(summary);
      })
      .on("GET", "/api/companies/data", success({ company_id: 3, remaining_data: 5 * 1024 ** 3 }));
    const { open, user } = renderMenu(holder);
    await open();
    expect(api.calls("GET", "/api/credits/summary")).toHaveLength(0);

    await user.click(entry("Resources"));

    expect(await screen.findByRole("status", { name: "Loading…" })).toBeInTheDocument();
    release.resolve();
    expect(await screen.findByText("Company data remaining")).toBeVisible();
    expect(screen.getByText("5.00 GB")).toBeVisible();
    const credits = screen.getByRole("list", { name: "Credits left" });
    expect(
      within(credits)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Remote access1,250", "SMS40"]);
    expect(noEntry("Get more resources")).not.toBeInTheDocument();
  });

  it("SH-MENU-007 D6 leaves out the data figure, and its request, without view_company_data_history", async () => {
    const api = fakeApi().on("GET", "/api/credits/summary", success(summary));
    const { open, user } = renderMenu(currentUser({ permissions: ["view_credits_summary"] }));
    await open();

    await user.click(entry("Resources"));

    expect(await screen.findByRole("list", { name: "Credits left" })).toBeVisible();
    expect(screen.queryByText("Company data remaining")).not.toBeInTheDocument();
    expect(api.calls("GET", "/api/companies/data")).toHaveLength(0);
  });

  it("SH-MENU-012 links Get more resources to the theme's shop in a new tab", async () => {
    fakeApi()
      .on("GET", "/api/credits/summary", success(summary))
      .on("GET", "/api/companies/data", success({ company_id: 3, remaining_data: 0 }));
    const { open, user } = renderMenu(
      holder,
      theme({ buy_link: "https://shop.example.com/resources" }),
    );
    await open();
    await user.click(entry("Resources"));

    const buy = entry("Get more resources");
    expect(buy).toHaveAttribute("href", "https://shop.example.com/resources");
    expect(buy).toHaveAttribute("target", "_blank");
    expect(buy.getAttribute("rel")).toContain("noopener");
  });

  it("says when the summary cannot be loaded and tries again on request", async () => {
    let answer = failure(500, "INTERNAL", "The database is not answering.");
    fakeApi()
      .on("GET", "/api/credits/summary", () => answer)
      .on("GET", "/api/companies/data", success({ company_id: 3, remaining_data: 1024 }));
    const { open, user } = renderMenu(holder);
    await open();
    await user.click(entry("Resources"));

    const alert = await within(screen.getByRole("menu")).findByRole("alert");
    expect(alert).toHaveTextContent("The resource summary could not be loaded.");
    expect(alert).toHaveTextContent("The database is not answering.");

    answer = success(summary);
    await user.click(entry("Try again"));
    expect(await screen.findByRole("list", { name: "Credits left" })).toBeVisible();
  });
});
