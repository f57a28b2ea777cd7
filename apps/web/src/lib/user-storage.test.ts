import { describe, expect, it } from "vitest";
import { createUserStorage, setUpUserStorage, userStorage } from "./user-storage";

describe("per-user storage", () => {
  it("keeps two users' values apart in one browser", () => {
    const ada = createUserStorage(1);
    const bob = createUserStorage(2);
    ada.set("wideNav", "false");
    bob.set("wideNav", "true");

    expect(ada.get("wideNav")).toBe("false");
    expect(bob.get("wideNav")).toBe("true");
    expect(window.localStorage.getItem("wideNav")).toBeNull();
  });

  it("clears only its own user's values", () => {
    const ada = createUserStorage(1);
    const bob = createUserStorage(2);
    ada.set("a", "1");
    ada.set("b", "2");
    bob.set("a", "3");
    window.localStorage.setItem("language", "no");

    ada.clear();

    expect(ada.get("a")).toBeNull();
    expect(ada.get("b")).toBeNull();
    expect(bob.get("a")).toBe("3");
    expect(window.localStorage.getItem("language")).toBe("no");
  });

  it("SH-START-006 is available once start-up sets it up for the signed-in user", () => {
    const storage = setUpUserStorage(42);
    storage.set("k", "v");

    expect(userStorage()?.userId).toBe(42);
    expect(createUserStorage(42).get("k")).toBe("v");
  });
});
