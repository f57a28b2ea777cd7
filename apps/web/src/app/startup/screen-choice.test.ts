import { describe, expect, it } from "vitest";
import { chooseScreen } from "./screen-choice";

describe("the start-up path decides the screen", () => {
  it("SH-START-001 opens the desktop-connect screen for rms-connect/desktop", () => {
    expect(chooseScreen("/rms-connect/desktop")).toBe("desktop-connect");
    expect(chooseScreen("/eu/rms-connect/desktop/")).toBe("desktop-connect");
  });

  it("SH-START-002 opens the console-connect screen for rms-connect/ssh and rms-connect/telnet", () => {
    expect(chooseScreen("/rms-connect/ssh")).toBe("console-connect");
    expect(chooseScreen("/rms-connect/telnet")).toBe("console-connect");
  });

  it("SH-START-003 opens the file-transfer screen for rms-connect/sftp", () => {
    expect(chooseScreen("/rms-connect/sftp")).toBe("file-transfer");
  });

  it("SH-START-004 starts the main application for any other path", () => {
    for (const path of ["/", "/management/devices", "/account/sign-in", "/rms-connect", "/404"]) {
      expect(chooseScreen(path)).toBe("main");
    }
  });
});
