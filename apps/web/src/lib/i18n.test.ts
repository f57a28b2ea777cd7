import { afterEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";
import { useTranslation } from "react-i18next";
import { ALL_MESSAGES } from "../test/all-messages";
import { LANGUAGE_STORAGE_KEY, changeLanguage, i18n, initialLanguage } from "./i18n";
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
