// Moderation in the browser: a moderator opens a member's record, is refused a freeze without a reason (the
// error on the reason's field), freezes the member with one; the member's next duel is refused with the
// reason in words; the audit log shows who, what and why.
import { expect, expectAccessible, otherMember, screenshot, signIn, test } from "./fixtures";
import { named } from "./platform-kit";

test("a moderator freezes a member and the member's next duel is refused with the reason shown", async ({ page, runner, browser }) => {
  const moderator = named("mo");
  const member = named("kit");
  const theirs = await otherMember(browser, runner, member);

  await signIn(page, runner, moderator, { moderator: true, path: "/platform/moderation" });
  await expect(page.getByRole("heading", { name: "Moderation", level: 1 })).toBeVisible();
  await expectAccessible(page, "moderation");
  await screenshot(page, "platform", "moderation");
  await page.getByLabel("Member's name").fill(member);
  await page.getByRole("button", { name: "Open the record" }).click();
  await expect(page.getByRole("heading", { name: `Record of ${member}`, level: 1 })).toBeVisible();
  await expect(page.getByText("Not frozen.")).toBeVisible();

  const reason = page.getByLabel("Reason for “Freeze” (written to the audit log)");
  await page.getByRole("button", { name: "Freeze", exact: true }).click();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(`#${await reason.getAttribute("aria-describedby")}`)).toContainText("why");
  await reason.fill("reviewed: orders faster than a human's in three duels");
  await page.getByRole("button", { name: "Freeze", exact: true }).click();
  await expect(page.getByText(/^Frozen since .* by /)).toContainText(moderator);
  await expect(page.getByRole("table", { name: "The audit log, newest first" })).toContainText("orders faster than a human's in three duels");
  await expectAccessible(page, "a member's record");
  await screenshot(page, "platform", "moderation-member");

  // The member's next duel: refused, in words, next to the form that asked.
  const them = theirs.page;
  await them.getByRole("link", { name: "Platform" }).click();
  await them.getByRole("link", { name: "Duels", exact: true }).click();
  await them.getByLabel("Stake (credits each; the winner takes both)").fill("5");
  await them.getByRole("button", { name: "Propose" }).click();
  const refusal = them.getByRole("form", { name: "Propose a duel" }).getByRole("alert");
  await expect(refusal).toContainText(/frozen/i);
  await expect(refusal).toContainText("no new duels or duel proposals");
  await expect(refusal).toContainText("rule ratings-frozen");
  await expectAccessible(them, "a duel refused to a frozen member");
  await screenshot(them, "platform", "duel-refused");
  await theirs.context.close();
});
