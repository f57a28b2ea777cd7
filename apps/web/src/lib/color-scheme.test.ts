import { describe, expect, it } from "vitest";
import { cookieColorSchemeManager, readDarkMode, writeDarkMode } from "./color-scheme";

describe("dark mode cookie", () => {
  it("SH-MENU-017 stores Auto, Enable and Disable as auto, on and off in the darkMode cookie", () => {
    const manager = cookieColorSchemeManager();

    manager.set("dark");
    expect(document.cookie).toContain("darkMode=on");
    manager.set("light");
    expect(document.cookie).toContain("darkMode=off");
    manager.set("auto");
    expect(document.cookie).toContain("darkMode=auto");
  });

  it("SH-MENU-017 reads the cookie back as Mantine's colour scheme", () => {
    const manager = cookieColorSchemeManager();

    writeDarkMode("on");
    expect(manager.get("auto")).toBe("dark");
    writeDarkMode("off");
    expect(manager.get("auto")).toBe("light");
    writeDarkMode("auto");
    expect(manager.get("light")).toBe("auto");
  });

  it("follows the system (Auto) without a cookie or with a value it does not know", () => {
    const manager = cookieColorSchemeManager();
    expect(readDarkMode()).toBe("auto");
    expect(manager.get("auto")).toBe("auto");

    document.cookie = "darkMode=sometimes; path=/";
    expect(readDarkMode()).toBe("auto");
    expect(manager.get("auto")).toBe("auto");
  });

  it("forgets the choice when Mantine clears it", () => {
    const manager = cookieColorSchemeManager();
    writeDarkMode("on");
    manager.clear();
    expect(document.cookie).not.toContain("darkMode");
  });
});
