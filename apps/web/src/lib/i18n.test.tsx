import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, renderHook, screen } from "@testing-library/react";
import {
  LANGUAGE_STORAGE_KEY,
  Trans,
  changeLanguage,
  i18n,
  initialLanguage,
  useTranslation,
} from "./i18n";
import { ALL_MESSAGES } from "../test/all-messages";
import type { I18nResources } from "./i18n-resources";

afterEach(() => {
  vi.useRealTimers();
});

describe("changeLanguage", () => {
  it("SH-MENU-028 stores the language and reloads the page after 1 s, not sooner", () => {
    vi.useFakeTimers();
    const reload = vi.fn();

    changeLanguage("no", reload);

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe("no");
    expect(initialLanguage()).toBe("no");
    vi.advanceTimersByTime(999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe("messages", () => {
  it("fill their placeholders, and keep one that has no value", () => {
    const t = i18n.getFixedT("en", "dialogs");
    expect(t("selected", { count: 3 })).toBe("Selected items: 3");
    expect(t("selected")).toBe("Selected items: {{count}}");
    expect(t("selected", { count: 0 })).toBe("Selected items: 0");
  });

  it("of another namespace are read as ns:key or with ns", () => {
    const t = i18n.getFixedT("no", "dialogs");
    expect(t("common:cancel")).toBe("Avbryt");
    expect(t("retry", { ns: "common" })).toBe(i18n.getFixedT("no", "common")("retry"));
    expect(i18n.t("dialogs:selected", { count: 2 })).toBe("Selected items: 2");
  });

  it("made at run time fall back to their default value, placeholders filled", () => {
    const t = i18n.getFixedT("en", "routes");
    expect(t("no.such.route", { defaultValue: "Route {{name}}", name: "x" })).toBe("Route x");
  });

  it("with elements wrap each numbered part, and values cannot add elements", () => {
    const t = i18n.getFixedT("en", "account");
    render(
      <p data-testid="message">
        <Trans
          t={t}
          i18nKey="invitedTo"
          values={{ company: "<1>Acme</1>", role: "Installer" }}
          components={[<strong />, <em />]}
        />
      </p>,
    );
    const message = screen.getByTestId("message");
    expect(message).toHaveTextContent("You were invited to join <1>Acme</1> as Installer.");
    expect(message.querySelector("strong")).toHaveTextContent("<1>Acme</1>");
    expect(message.querySelector("em")).toHaveTextContent(/^Installer$/);
  });

  it("follow the console's language: a component renders again in the new one", async () => {
    const { result } = renderHook(() => useTranslation("common"));
    const before = result.current.t;
    expect(before("cancel")).toBe("Cancel");
    await act(() => i18n.changeLanguage("no"));
    expect(result.current.t("cancel")).toBe("Avbryt");
    expect(i18n.language).toBe("no");
    await act(() => i18n.changeLanguage("en"));
    // The same translator as before: effects that depend on it do not run again.
    expect(result.current.t).toBe(before);
  });

  it("that arrive after a component first drew show in it: the rest of a language comes after the first page", () => {
    function Probe() {
      const { t } = useTranslation("common");
      return <p>{t("later:arrived" as never, { defaultValue: "not yet" })}</p>;
    }
    render(<Probe />);
    expect(screen.getByText("not yet")).toBeInTheDocument();
    act(() => i18n.addResourceBundle("en", "later", { arrived: "Arrived" }));
    expect(screen.getByText("Arrived")).toBeInTheDocument();
  });
});

describe("translation keys", () => {
  it("are checked by the type checker against the English messages", () => {
    const { result } = renderHook(() => useTranslation("notices"));
    const t = i18n.getFixedT("en", "common");
    expect(t("cancel")).toBe("Cancel");
    expect(result.current.t("colType")).toBeTruthy();
    // Each line below must stay a type error: if one compiles, keys are no longer checked.
    // @ts-expect-error not a key of `common`
    expect(t("noSuchKey")).toBe("noSuchKey");
    // @ts-expect-error not a key of `notices`
    expect(result.current.t("noSuchKey")).toBe("noSuchKey");
    // @ts-expect-error not a key of `notices`
    expect(i18n.t("notices:noSuchKey")).toBe("noSuchKey");
  });

  it("cover every namespace in locales/", () => {
    const typed = {
      account: true,
      "add-device": true,
      common: true,
      companies: true,
      "device-page": true,
      "device-updates": true,
      devices: true,
      dialogs: true,
      "email-smtp": true,
      files: true,
      "form-errors": true,
      forms: true,
      help: true,
      http: true,
      impersonation: true,
      invitations: true,
      lists: true,
      "mail-logs": true,
      mfa: true,
      navigation: true,
      notices: true,
      notifications: true,
      onboarding: true,
      permissions: true,
      roles: true,
      routes: true,
      search: true,
      startup: true,
      tags: true,
      "user-menu": true,
      users: true,
    } satisfies Record<keyof I18nResources, true>;
    expect(Object.keys(typed).sort()).toEqual([...ALL_MESSAGES.keys()].sort());
  });
});
