/**
 * Which screen a page load starts (shell §2 "Start-up and special screens"): the remote
 * connection tools open on their own, without the console around them.
 */
export type StartupScreenName = "desktop-connect" | "console-connect" | "file-transfer" | "main";

export function chooseScreen(pathname: string): StartupScreenName {
  if (pathname.includes("rms-connect/desktop")) return "desktop-connect";
  if (pathname.includes("rms-connect/ssh") || pathname.includes("rms-connect/telnet")) {
    return "console-connect";
  }
  if (pathname.includes("rms-connect/sftp")) return "file-transfer";
  return "main";
}
