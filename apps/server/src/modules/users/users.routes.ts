import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUserResponseSchema } from "@netfleet/contracts/schemas/users";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { presentCurrentUser } from "./users.presenter";
import { usersRepo } from "./users.repo";

export async function usersRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.get(
    "/api/user",
    {
      schema: {
        tags: ["users"],
        summary: "The signed-in user",
        description: "User fields sit at the top level, as in RMS API v3, and under `data`.",
        response: { 200: currentUserResponseSchema },
      },
      // Any valid token may read its own user, whatever its scopes.
      config: { access: { permission: null, bearer: true } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const row = await usersRepo(ctx.db).findProfile(auth.user.id);
      if (!row) throw new AppError("UNAUTHORIZED", "Sign in to continue.");
      const user = presentCurrentUser(row, auth);
      return { success: true as const, ...user, data: user };
    },
  );
}
