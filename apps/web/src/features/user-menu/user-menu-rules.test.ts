import { describe, expect, it } from "vitest";
import { IMPERSONATED_TOKEN, testTheme as theme, testUser as currentUser } from "../../test/users";
import {
  MENU_VIEWS,
  impersonationActive,
  isImpersonating,
  showBuyLink,
  showCompanyData,
  showResourceSummary,
  userInitials,
} from "./user-menu-rules";

const NOW = Date.parse("2025-06-01T12:00:00Z");
const summaryHolder = currentUser({
  permissions: ["view_credits_summary", "view_company_data_history"],
});

describe("user menu rules", () => {
  it("SH-MENU-001 has the panels main, darkmode, timezone, languages, credits_summary and impersonation", () => {
    expect(MENU_VIEWS).toEqual([
      "main",
      "darkmode",
      "timezone",
      "languages",
      "credits_summary",
      "impersonation",
    ]);
  });

  it("tells impersonation by the token's act claim", () => {
    expect(isImpersonating(currentUser())).toBe(false);
    expect(isImpersonating(currentUser({ token: IMPERSONATED_TOKEN }))).toBe(true);
  });

  it("SH-MENU-004 shows the impersonation status only for a grant that has not run out", () => {
    expect(impersonationActive(null, NOW)).toBe(false);
    expect(impersonationActive("2025-06-01T12:00:01Z", NOW)).toBe(true);
    expect(impersonationActive("2025-06-01T12:00:00Z", NOW)).toBe(false);
    expect(impersonationActive("2025-05-31T00:00:00Z", NOW)).toBe(false);
    expect(impersonationActive("not a date", NOW)).toBe(false);
  });

  it("SH-MENU-007 D6 needs view_credits_summary for the summary and also view_company_data_history for the data figure", () => {
    const creditsOnly = currentUser({ permissions: ["view_credits_summary"] });
    const dataOnly = currentUser({ permissions: ["view_company_data_history"] });

    expect(showResourceSummary(summaryHolder, theme())).toBe(true);
    expect(showCompanyData(summaryHolder, theme())).toBe(true);
    expect(showResourceSummary(creditsOnly, theme())).toBe(true);
    expect(showCompanyData(creditsOnly, theme())).toBe(false);
    expect(showResourceSummary(dataOnly, theme())).toBe(false);
    expect(showCompanyData(dataOnly, theme())).toBe(false);
  });

  it("SH-MENU-008 hides the summary when the theme does not show data", () => {
    const hidden = theme({ showData: false });
    expect(showResourceSummary(summaryHolder, hidden)).toBe(false);
    expect(showCompanyData(summaryHolder, hidden)).toBe(false);
  });

  it("SH-MENU-009 gives company id 0 neither company data nor a credit summary", () => {
    const noCompany = currentUser({
      permissions: summaryHolder.permissions,
      company: { ...summaryHolder.company, id: 0 },
    });
    expect(showResourceSummary(noCompany, theme())).toBe(false);
    expect(showCompanyData(noCompany, theme())).toBe(false);
  });

  it("SH-MENU-013 D14 offers the buy link only in the default theme, to a top-level company with show_payment", () => {
    const shop = theme({ buy_link: "https://shop.example.com/resources" });
    const company = summaryHolder.company;

    expect(showBuyLink(summaryHolder, shop)).toBe(true);
    expect(showBuyLink(summaryHolder, { ...shop, default: false })).toBe(false);
    expect(
      showBuyLink(
        currentUser({ ...summaryHolder, company: { ...company, show_payment: false } }),
        shop,
      ),
    ).toBe(false);
    expect(
      showBuyLink(currentUser({ ...summaryHolder, company: { ...company, level: 2 } }), shop),
    ).toBe(false);
    expect(showBuyLink(summaryHolder, theme({ buy_link: null }))).toBe(false);
    expect(showBuyLink(currentUser({ ...summaryHolder, permissions: [] }), shop)).toBe(false);
  });

  it("makes avatar initials from the name, else from the e-mail", () => {
    expect(userInitials(currentUser())).toBe("AL");
    expect(
      userInitials(currentUser({ first_name: null, last_name: null, email: "grace.hopper@x.io" })),
    ).toBe("GH");
    expect(userInitials(currentUser({ first_name: " ", last_name: null, email: "ops@x.io" }))).toBe(
      "O",
    );
  });
});
