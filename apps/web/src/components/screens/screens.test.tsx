import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { renderPage } from "../../test/render";
import { AccessDeniedScreen } from "./access-denied-screen";
import { MaintenanceScreen } from "./maintenance-screen";

describe("full-page screens", () => {
  it("SH-LAYOUT-008 Access denied stands alone with the guard's text", () => {
    renderPage(<AccessDeniedScreen />);

    expect(screen.getByRole("heading", { name: "Access denied" })).toBeVisible();
    expect(screen.getByText("User has no view permissions available")).toBeVisible();
    expect(screen.queryByRole("banner")).not.toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
  });

  it("shows maintenance without error details when the failure counter called it", () => {
    renderPage(<MaintenanceScreen />);

    expect(screen.getByRole("heading", { name: "Netfleet is under maintenance" })).toBeVisible();
    expect(screen.queryByText(/status/)).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
