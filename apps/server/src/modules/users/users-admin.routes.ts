import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  adminDeleteUserBodySchema,
  suppressedEmailParamsSchema,
  suppressedEmailQuerySchema,
  suppressedEmailSchema,
} from "@netfleet/contracts/schemas/users";
import { okList, okMessage } from "../../lib/envelope";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { suppressedEmailsRepo } from "./suppressed-emails.repo";
import { presentSuppressedEmail } from "./users.presenter";
import { deleteUserByEmail } from "./users.service";

/**
 * The super administrator's forms (forms §6): delete a user by e-mail, and the mail
 * suppression list. Removing a user's second factor is in the MFA module.
 */
export async function usersAdminRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["users"];

  app.delete(
    "/api/admin/users",
    {
      schema: {
        tags,
        summary: "Delete the account an e-mail address names",
        description: "Password-confirmed. The account's sessions and access tokens end with it.",
        body: adminDeleteUserBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { permission: "super_admin", tenant: true, session: true },
        sensitive: { password: true },
      },
    },
    async (request) => {
      await deleteUserByEmail(ctx, requireAuth(request), request.body.email);
      return okMessage("User deleted successfully");
    },
  );

  app.get(
    "/api/suppressed-emails",
    {
      schema: {
        tags,
        summary: "Addresses mail is no longer sent to",
        description:
          "An address joins the list when a receiving server refuses a message to it for good (an SMTP 5xx answer); mail to it is then recorded as failed, not sent.",
        querystring: suppressedEmailQuerySchema,
        response: { 200: listEnvelope(suppressedEmailSchema) },
      },
      config: { access: { permission: "super_admin", tenant: false, session: true } },
    },
    async (request) => {
      const { rows, total } = await suppressedEmailsRepo(ctx.db).list(request.query);
      return okList(rows.map(presentSuppressedEmail), total);
    },
  );

  app.delete(
    "/api/suppressed-emails/:email",
    {
      schema: {
        tags,
        summary: "Send mail to an address again",
        description: "Password-confirmed.",
        params: suppressedEmailParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: {
        access: { permission: "super_admin", tenant: false, session: true },
        sensitive: { password: true },
      },
    },
    async (request) => {
      if (!(await suppressedEmailsRepo(ctx.db).remove(request.params.email))) {
        throw new AppError("NOT_FOUND", "This address is not on the suppression list.", {
          source: "email",
        });
      }
      return okMessage("E-mail address removed from the suppression list");
    },
  );
}
