import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderPage } from "../../../test/render";
import { Changelog } from "./changelog";

describe("Changelog", () => {
  it("SH-MENU-032 names the application version over its release notes", () => {
    renderPage(<Changelog />, { url: "/changelog" });

    const release = screen.getByRole("region", { name: "Version 5.15.0" });
    const notes = within(release).getAllByRole("listitem");
    expect(notes).toHaveLength(6);
    expect(notes[0]).toHaveTextContent(/^Sign in with your e-mail address and password/);
  });
});
