import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { awaitMailMatch, DEMO_PASSWORD, sidebarLinks, signIn } from "./support";

/**
 * The administration side as an administrator of Southfield Telecom (a level-2 company of
 * the demo world, with Southfield Rural below it) meets it: a new subsidiary, a colleague
 * invited into it by e-mail, a role of the company's own, and a move between companies.
 */
const ADMIN = "admin.south@demo.example.com";
const RUN = Date.now().toString(36);

/** Picks `option` in the select labelled `label` inside `scope` (searchable or not). */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  await scope
    .getByRole("combobox", { name: label, exact: true })
    .or(scope.getByRole("textbox", { name: label, exact: true }))
    .click();
  await page.getByRole("option", { name: option }).click();
}

/** Opens a user's row menu on the users page and picks `action`. */
async function userAction(page: Page, email: string, action: string) {
  await page.goto(`/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("button", { name: `Actions for ${email}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** Registers from the invitation's link in a browser of its own and signs in there. */
async function acceptInvitation(browser: Browser, link: string, email: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Accept invitation" })).toBeVisible();
  await page.getByRole("textbox", { name: "First name" }).fill("Harbour");
  await page.getByRole("textbox", { name: "Last name" }).fill("Lead");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("textbox", { name: "Confirm password", exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).not.toHaveURL(/\/account\/register/);
  if (/\/account\/sign-in/.test(page.url())) await signIn(page, email);
  // A new user of a company first accepts how its data is handled.
  await page.getByRole("button", { name: "I accept" }).click();
  return { context, page };
}

test("an administrator makes a subsidiary, invites a colleague into it, gives them a role of the company's own and moves them", async ({
  page,
  browser,
}) => {
  // Four screens, an e-mail, a second browser and three changes seen from both sides.
  test.slow();
  const company = `Harbour ${RUN}`;
  const invitee = `harbour.${RUN}@example.com`;
  const roleTitle = `Harbour technician ${RUN}`;

  await signIn(page, ADMIN, "/companies");
  await page.getByRole("button", { name: "New company" }).click();
  const creating = page.getByRole("dialog", { name: "New company" });
  await creating.getByRole("textbox", { name: "Name" }).fill(company);
  await choose(page, creating, "Parent company", "Southfield Telecom");
  await creating.getByRole("button", { name: "Create" }).click();
  await expect(creating).toHaveCount(0);

  await page.getByRole("link", { name: company }).click();
  await expect(page.getByRole("heading", { level: 1, name: company })).toBeVisible();
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("tab", { name: "Invitations" }).click();
  await page.getByRole("button", { name: "Invite user" }).click();
  const inviting = page.getByRole("dialog", { name: "Invite user" });
  await inviting.getByRole("textbox", { name: "E-mail" }).fill(invitee);
  await choose(page, inviting, "Role", /^Administrator/);
  await inviting.getByRole("button", { name: "Send invitation" }).click();
  await expect(inviting).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: invitee })).toContainText("Pending");

  const link = await awaitMailMatch(invitee, /https?:\/\/\S+\/account\/register\?token=[\w-]+/);
  const colleague = await acceptInvitation(browser, link, invitee);
  const them = colleague.page;

  // The colleague sees only the new company and its own people.
  await them.goto("/companies");
  await expect(them.getByRole("link", { name: company })).toBeVisible();
  await expect(them.getByRole("link", { name: "Southfield Telecom" })).toHaveCount(0);
  const before = await sidebarLinks(them);
  expect(before).toContain("Companies");

  // A role of Southfield Telecom's own that may only see devices and tags.
  await page.goto("/users/roles");
  await page.getByRole("button", { name: "New role" }).click();
  const newRole = page.getByRole("dialog", { name: "New role" });
  await choose(page, newRole, "Company", "Southfield Telecom");
  await newRole.getByRole("textbox", { name: "Name" }).fill(`harbour_tech_${RUN}`);
  await newRole.getByRole("textbox", { name: "Title" }).fill(roleTitle);
  await newRole.getByRole("checkbox", { name: "Devices · View devices" }).check();
  await newRole.getByRole("checkbox", { name: "Tags · View tags" }).check();
  await newRole.getByRole("button", { name: "Create" }).click();
  await expect(newRole).toHaveCount(0);

  await userAction(page, invitee, "Change role");
  const changing = page.getByRole("dialog", { name: `Change the role of ${invitee}` });
  await choose(page, changing, "Role", roleTitle);
  await changing.getByRole("button", { name: "Save" }).click();
  await expect(changing).toHaveCount(0);

  // The colleague's next page load already has the new role's navigation.
  await them.reload();
  await expect.poll(() => sidebarLinks(them)).not.toContain("Companies");
  const after = await sidebarLinks(them);
  expect(after).toContain("Tags");
  expect(after.length).toBeLessThan(before.length);

  await userAction(page, invitee, "Move to another company");
  const moving = page.getByRole("dialog", { name: `Move ${invitee}` });
  await choose(page, moving, "Move to company", /Southfield Rural/);
  await moving.getByRole("button", { name: "Move" }).click();
  await expect(moving).toHaveCount(0);

  await page.goto(`/users/move-logs?q=${encodeURIComponent(invitee)}`);
  const row = page.getByRole("row").filter({ hasText: invitee });
  await expect(row).toContainText(company);
  await expect(row).toContainText("Southfield Rural");
  await expect(row).toContainText(ADMIN);
  await colleague.context.close();
});
