import { useState } from "react";
import { act, fireEvent, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LAYOUT, STORAGE_KEYS } from "@netfleet/contracts/constants";
import { routeByName } from "@netfleet/contracts/routes";
import { DEFAULT_THEME, type Theme } from "@netfleet/contracts/schemas/theme";
import type { CurrentUser } from "@netfleet/contracts/schemas/users";
import { renderPage } from "../../test/render";
import { transitionKey } from "../../lib/current-route";
import { helpTopic, useDelayedHelpTopic } from "./help-panel";
import { ImpersonationBanner, impersonationCompanyText } from "./impersonation-banner";
import { Logo, logoVariant } from "./logo";
import { readWideNav, useWideNav } from "./use-wide-nav";
import { ConsoleShell } from "./console-shell";
import { SideNav } from "./side-nav";
import { ALL_PERMISSIONS } from "@netfleet/contracts/permissions";
import { visibleNavigation } from "@netfleet/contracts/navigation";

const branded: Theme = {
  ...DEFAULT_THEME,
  default: false,
  app_name: "AcmeNet",
  logo_vector: "/brand/logo.svg",
  favicon: "/brand/mark.svg",
  disabled_routes: ["remote.access"],
};

afterEach(() => vi.useRealTimers());

describe("side navigation width", () => {
  it("SH-LAYOUT-003 is wide when nothing is stored", () => {
    expect(window.localStorage.getItem(STORAGE_KEYS.wideNav)).toBeNull();
    expect(readWideNav()).toBe(true);
  });

  it("SH-LAYOUT-002 remembers wide or narrow under the local-storage key wideNav", () => {
    const { result } = renderHook(() => useWideNav());
    act(() => {
      result.current[1]();
    });
    expect(result.current[0]).toBe(false);
    expect(window.localStorage.getItem("wideNav")).toBe("false");
    expect(renderHook(() => useWideNav()).result.current[0]).toBe(false);
    act(() => {
      result.current[1]();
    });
    expect(window.localStorage.getItem("wideNav")).toBe("true");
  });
});

describe("sidebar", () => {
  const shell = (wide: boolean) => (
    <ConsoleShell
      theme={DEFAULT_THEME}
      wide={wide}
      onToggleWide={() => undefined}
      headerEnd={null}
      navbar={(isWide) => <p>{isWide ? "wide sidebar" : "narrow sidebar"}</p>}
    >
      <p>page</p>
    </ConsoleShell>
  );

  it("is drawn once when wide, and the phones' wide one beside a narrow one", async () => {
    const { unmount } = renderPage(shell(true));
    expect(await screen.findAllByText("wide sidebar")).toHaveLength(1);
    expect(screen.queryByText("narrow sidebar")).toBeNull();
    unmount();
    renderPage(shell(false));
    expect(await screen.findAllByText("wide sidebar")).toHaveLength(1);
    expect(screen.getAllByText("narrow sidebar")).toHaveLength(1);
  });

  it("draws a closed section's links when its button opens it, and marks the page shown", async () => {
    const groups = visibleNavigation({ permissions: ALL_PERMISSIONS, disabledRoutes: [] });
    renderPage(
      <SideNav
        groups={groups}
        wide
        current={{ routeName: "management.devices", pathname: "/management/devices" }}
        onReloadCurrent={() => undefined}
      />,
    );
    expect(await screen.findByRole("link", { name: "Devices" })).toBeVisible();
    expect(screen.queryByRole("link", { name: "Invitations", hidden: true })).toBeNull();
    const users = screen.getByRole("button", { name: "Users" });
    expect(users).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(users);
    expect(await screen.findByRole("link", { name: "Invitations" })).toBeVisible();
    expect(users).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Devices" })).toHaveAttribute("aria-current", "page");
  });
});

describe("page transition", () => {
  it("SH-LAYOUT-004 is keyed by the route parameter id, company_id or name", () => {
    const device = routeByName("device.activity");
    expect(transitionKey(device, { id: "5" })).toBe("5");
    expect(transitionKey(device, { id: "6" })).not.toBe(transitionKey(device, { id: "5" }));
    expect(transitionKey(routeByName("company.devices"), { company_id: "9" })).toBe("9");
    expect(transitionKey(routeByName("form"), { name: "new-tag" })).toBe("new-tag");
    // Tabs of one item share the key, so moving between them does not animate the page.
    expect(transitionKey(routeByName("device.location"), { id: "5" })).toBe(
      transitionKey(device, { id: "5" }),
    );
  });
});

describe("logo", () => {
  it("SH-LAYOUT-010 D19 default theme: full logo when wide, favicon-style mark when narrow; a branded theme uses its own images", () => {
    expect(logoVariant(true, DEFAULT_THEME)).toEqual({ kind: "full" });
    expect(logoVariant(false, DEFAULT_THEME)).toEqual({ kind: "mark" });
    expect(logoVariant(true, branded)).toEqual({
      kind: "image",
      src: "/brand/logo.svg",
      wide: true,
    });
    expect(logoVariant(false, branded)).toEqual({
      kind: "image",
      src: "/brand/mark.svg",
      wide: false,
    });
  });

  it("SH-LAYOUT-011 fades the old image out over 0.1 s, then the new one in over 0.2 s", () => {
    vi.useFakeTimers();
    function Harness() {
      const [wide, setWide] = useState(true);
      return (
        <>
          <button onClick={() => setWide((w) => !w)}>toggle</button>
          <Logo wide={wide} theme={DEFAULT_THEME} />
        </>
      );
    }
    const { container } = renderPage(<Harness />);
    const logo = () => container.querySelector<HTMLElement>("[data-logo]")!;
    expect(logo().dataset.logo).toBe("full");
    expect(logo().style.opacity).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "toggle" }));
    expect(logo().dataset.logo).toBe("full");
    expect(logo().style.opacity).toBe("0");
    expect(logo().style.transition).toBe("opacity 0.1s ease");

    act(() => {
      vi.advanceTimersByTime(LAYOUT.logoFadeOutS * 1000);
    });
    expect(logo().dataset.logo).toBe("mark");
    expect(logo().style.opacity).toBe("1");
    expect(logo().style.transition).toBe("opacity 0.2s ease");
  });

  it("SH-LAYOUT-022 a branding theme changes the application name and logo", () => {
    renderPage(<Logo wide theme={branded} />);
    expect(screen.getByRole("img", { name: "AcmeNet" })).toHaveAttribute("src", "/brand/logo.svg");
  });
});

describe("help side panel", () => {
  it("SH-LAYOUT-018 finds its content by route name, aliases included", () => {
    for (const name of [
      "reports.single",
      "reports.periodic.day",
      "reports.periodic.week",
      "reports.periodic.month",
      "statistics.connection-manager",
      "services.credit-codes",
      "services.credit-history",
      "services.data-overview",
      "services.data-history",
    ]) {
      expect(helpTopic(name), name).toBe(name);
    }
    expect(helpTopic("services.pools")).toBe("services.credit-history");
    expect(helpTopic("vpn.hubs")).toBeNull();
  });

  it("SH-LAYOUT-017 loads 700 ms after the page opens, not before", () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ name }) => useDelayedHelpTopic(name), {
      initialProps: { name: "reports.single" },
    });
    act(() => {
      vi.advanceTimersByTime(LAYOUT.helpPanelDelayMs - 1);
    });
    expect(result.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe("reports.single");

    rerender({ name: "services.credit-codes" });
    expect(result.current).toBeNull();
    act(() => {
      vi.advanceTimersByTime(LAYOUT.helpPanelDelayMs);
    });
    expect(result.current).toBe("services.credit-codes");
  });
});

describe("impersonation banner", () => {
  const user = {
    email: "enduser@demo.example.com",
    company: { id: 12, name: "Northwind Retail", level: 3, parent_id: 2, show_payment: false },
  } as CurrentUser;

  it("SH-LAYOUT-015 reads Currently impersonating user {email} with the company and #id", () => {
    renderPage(<ImpersonationBanner user={user} onCancel={() => undefined} cancelling={false} />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Currently impersonating user enduser@demo.example.com Northwind Retail #12",
    );
    expect(screen.getByRole("button", { name: "Cancel impersonation" })).toBeVisible();
  });

  it("SH-LAYOUT-016 says Company when the user's company has no name", () => {
    const nameless = { ...user, company: { ...user.company, name: "" } };
    expect(impersonationCompanyText(nameless, "Company")).toBe("Company #12");
  });
});
