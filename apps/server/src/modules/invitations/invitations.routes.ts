import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import {
  INVITATION_STATUSES,
  type InvitationStatus,
  invitationCreateBodySchema,
  invitationListQuerySchema,
  invitationParamsSchema,
  invitationSchema,
} from "@netfleet/contracts/schemas/invitations";
import type { TenantScope } from "../../db/tenancy";
import { ok, okList, okMessage } from "../../lib/envelope";
import { parseFields, project, projectableListEnvelope } from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companyInScope } from "../companies/companies.service";
import { presentInvitation } from "./invitations.presenter";
import { invitationsRepo } from "./invitations.repo";
import { inviteUser, resendInvitation, revokeInvitation } from "./invitations.service";

const read = { permission: "view_user_invitations", tenant: true, scope: "users:read" } as const;
const write = {
  permission: "create_user_invitations",
  tenant: true,
  scope: "users:write",
} as const;

/** `status=pending,expired` as a list of states; an unknown one is refused. */
function parseStatuses(list: string | undefined): InvitationStatus[] | undefined {
  if (list === undefined) return undefined;
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const known = (name: string): name is InvitationStatus =>
    (INVITATION_STATUSES as readonly string[]).includes(name);
  if (!names.length || !names.every(known)) {
    throw new AppError(
      "VALIDATION_FAILED",
      `Filter by one or more of: ${INVITATION_STATUSES.join(", ")}.`,
      { source: "status" },
    );
  }
  return names;
}

/** Invitations to register into a company of the caller's tree: invite, list, resend, revoke. */
export async function invitationsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ["user invites"];

  const presentOne = async (tenant: TenantScope, id: number) => {
    const row = await invitationsRepo(ctx.db).find(tenant, id);
    if (!row) throw new AppError("NOT_FOUND", "No such invitation.", { source: "id" });
    return presentInvitation(row);
  };

  app.post(
    "/api/users/invite",
    {
      schema: {
        tags,
        summary: "Invite someone to register into a company of your tree",
        description:
          "`role` is a role id or name you may give a user of that company. The address gets an e-mail with a registration link that works for 7 days. An address that already has an account is refused (422, source `email`).",
        body: invitationCreateBodySchema,
        response: { 201: dataEnvelope(invitationSchema) },
      },
      config: { access: write },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const id = await inviteUser(ctx, auth, request.body);
      return reply
        .status(201)
        .send(ok(await presentOne(auth.tenant, id), "Invitation sent successfully"));
    },
  );

  app.get(
    "/api/users/invitations",
    {
      schema: {
        tags,
        summary: "Invitations to your company tree, with where each stands",
        description:
          "Without `status`, the invitations still open (pending), as RMS lists them; `status` (comma-separated: pending, accepted, expired, revoked) chooses others. `q` matches the address. `fields` returns only the named keys, plus `id`.",
        querystring: invitationListQuerySchema,
        response: { 200: projectableListEnvelope(invitationSchema) },
      },
      config: { access: read },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { query } = request;
      const statuses = parseStatuses(query.status) ?? ["pending"];
      const company =
        query.company_id === undefined
          ? undefined
          : await companyInScope(ctx.db, auth, query.company_id);
      const { rows, total } = await invitationsRepo(ctx.db).list(auth.tenant, query, {
        companyId: company?.id,
        statuses,
      });
      const fields = parseFields(query.fields);
      return okList(
        rows.map((row) => project(presentInvitation(row), fields)),
        total,
      );
    },
  );

  app.get(
    "/api/users/invitations/:id",
    {
      schema: {
        tags,
        summary: "One invitation to your company tree",
        params: invitationParamsSchema,
        response: { 200: dataEnvelope(invitationSchema) },
      },
      config: { access: read },
    },
    async (request) => ok(await presentOne(requireAuth(request).tenant, request.params.id)),
  );

  app.post(
    "/api/users/invitations/:id/resend",
    {
      schema: {
        tags,
        summary: "Send an invitation again with a new link",
        description:
          "For a pending or expired invitation: the new link works for 7 days, the old one no longer.",
        params: invitationParamsSchema,
        response: { 200: dataEnvelope(invitationSchema) },
      },
      config: { access: write },
    },
    async (request) => {
      const auth = requireAuth(request);
      await resendInvitation(ctx, auth, request.params.id);
      return ok(await presentOne(auth.tenant, request.params.id), "Invitation sent successfully");
    },
  );

  app.delete(
    "/api/users/invitations/:id",
    {
      schema: {
        tags,
        summary: "Revoke an invitation",
        description: "Its link stops working; the invitation stays listed as revoked.",
        params: invitationParamsSchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: write },
    },
    async (request) => {
      await revokeInvitation(ctx, requireAuth(request), request.params.id);
      return okMessage("Invitation revoked successfully");
    },
  );
}
