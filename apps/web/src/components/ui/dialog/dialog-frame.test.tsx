import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/render";
import { DialogFrame } from "./dialog-frame";

describe("DialogFrame on its own", () => {
  it("FM-DIALOG-026 draws a page's form in the mobile sheet layout", async () => {
    const onClose = vi.fn();
    const { user } = renderPage(
      <DialogFrame
        title="New tag"
        subtitle="Tags"
        helpLinkKey="new-tag"
        mobile
        standalone
        onClose={onClose}
      >
        <p>Form</p>
      </DialogFrame>,
    );
    const frame = screen.getByRole("dialog", { name: "New tag" });
    expect(frame).toHaveAttribute("data-mobile", "true");
    // A page is not modal over anything.
    expect(frame).not.toHaveAttribute("aria-modal");
    expect(screen.getByRole("link", { name: "Help" })).toHaveAttribute("target", "_blank");
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("shows no controls it was not given", () => {
    renderPage(
      <DialogFrame title="Plain" standalone>
        <p>Form</p>
      </DialogFrame>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText("Form")).toBeVisible();
  });
});
