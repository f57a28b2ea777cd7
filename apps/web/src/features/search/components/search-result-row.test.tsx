import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import type { SearchCategory } from "@netfleet/contracts/schemas/search";
import { i18n } from "../../../lib/i18n";
import { renderPage } from "../../../test/render";
import type { SearchHit } from "../search-targets";
import { SearchResultRow } from "./search-result-row";

/** One row as the panel draws it, linking to `/item`. */
function row(category: SearchCategory, hit: SearchHit, term = "") {
  renderPage(
    <SearchResultRow category={category} hit={hit} term={term} to="/item" onChoose={() => {}} />,
    { url: "/management/devices" },
  );
  return screen.getByRole("link");
}

describe("SearchResultRow", () => {
  it("SH-SEARCH-020 shows a company as # plus its id, then its name", () => {
    const link = row("companies", { id: 31, name: "Harbour Logistics" }, "harbour");

    expect(link).toHaveTextContent(/^#31Harbour Logistics$/);
    expect(within(link).getByText("#31")).toBeVisible();
    expect(link.querySelector("mark")).toHaveTextContent("Harbour");
  });

  it("SH-SEARCH-021 shows a user by the e-mail, not by a name", () => {
    const link = row("users", { id: 11, name: "Ada Lovelace", email: "ada@example.com" });

    expect(link).toHaveTextContent(/^ada@example\.com$/);
    expect(within(link).queryByText("Ada Lovelace")).not.toBeInTheDocument();
  });

  it("SH-SEARCH-022 shows a VPN hub's enabled badge and its name", () => {
    const on = row("vpnHubs", { id: 2, name: "Harbour hub", enabled: true });
    expect(on).toHaveTextContent(/^EnabledHarbour hub$/);
  });

  it("SH-SEARCH-022 shows a disabled VPN hub as such", () => {
    const off = row("vpnHubs", { id: 3, name: "Old hub", enabled: false });
    expect(off).toHaveTextContent(/^DisabledOld hub$/);
  });

  it("SH-SEARCH-023 shows a remote access entry's protocol and its name", () => {
    const link = row("remoteAccess", { id: 8, name: "Yard web UI", protocol: "https" });
    expect(link).toHaveTextContent(/^httpsYard web UI$/);
  });

  it("SH-SEARCH-023 shows n/a for a remote access entry without a protocol", () => {
    const link = row("remoteAccess", { id: 9, name: "Yard console", protocol: null });
    expect(link).toHaveTextContent(/^n\/aYard console$/);
  });

  it("SH-SEARCH-024 shows a tag's colour, with an A mark when it has actions", () => {
    const link = row("tags", { id: 4, name: "Yard", color: "#1098ad", actions: [{ id: 1 }] });

    expect(link.querySelector(".mantine-ColorSwatch-colorOverlay")).toHaveStyle({
      backgroundColor: "#1098ad",
    });
    expect(within(link).getByText("A")).toBeVisible();
    expect(within(link).getByLabelText("Has actions")).toBeVisible();
  });

  it("SH-SEARCH-024 shows a tag without actions without the A mark", () => {
    const link = row("tags", { id: 7, name: "Spare", color: "#e8590c", actions: [] });

    expect(link.querySelector(".mantine-ColorSwatch-colorOverlay")).toHaveStyle({
      backgroundColor: "#e8590c",
    });
    expect(within(link).queryByText("A")).not.toBeInTheDocument();
    expect(link).toHaveTextContent(/^Spare$/);
  });

  it("says n/a in the chosen language", async () => {
    await i18n.changeLanguage("uk");
    expect(row("remoteAccess", { id: 9, name: "Yard console" })).toHaveTextContent(
      /^н\/дYard console$/,
    );
  });
});
