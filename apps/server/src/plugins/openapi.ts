import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { APP_VERSION } from "@netfleet/contracts/constants";

/** OpenAPI generated from the route schemas; the browsable docs are at /api/docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Netfleet API",
          version: APP_VERSION,
          description:
            "Responses use `{success, data, meta}`; errors `{success: false, errors: [{code, message, source}]}`. " +
            "Scripts authenticate with a personal access token: `Authorization: Bearer nf_pat_…`.",
        },
        components: {
          securitySchemes: { BearerAuth: { type: "http", scheme: "bearer" } },
        },
        security: [{ BearerAuth: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs" });
  },
  { name: "openapi" },
);
