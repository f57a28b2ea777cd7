import type { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import yazl from "yazl";
import { z } from "zod";
import { toRmsDateTime } from "@netfleet/contracts/dates";
import { dataEnvelope, messageEnvelopeSchema } from "@netfleet/contracts/envelope";
import { idParamSchema } from "@netfleet/contracts/schemas/common";
import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  fileListItemSchema,
  fileListQuerySchema,
  type FileListItem,
  fileUpdateBodySchema,
  fileUploadAnswerSchema,
  fileUploadFieldsSchema,
  filesZipBodySchema,
} from "@netfleet/contracts/schemas/files";
import { hasForbiddenCharacters } from "@netfleet/contracts/names";
import { VALIDATION_MESSAGES } from "@netfleet/contracts/validation-messages";
import { isUniqueViolation } from "../../db/errors";
import type { Actor } from "../../lib/actor";
import { ok, okList, okMessage } from "../../lib/envelope";
import {
  checkListQuery,
  projectableListEnvelope,
  searchableListDescription,
} from "../../lib/list-query";
import { requireAuth } from "../../plugins/auth";
import { AppError } from "../../plugins/errors";
import { companiesRepo } from "../companies/companies.repo";
import { fileStoreFor } from "./file-store-for";
import { type FileRow, fileSearchable, filesRepo } from "./files.repo";
import { type ReceivedFile, receiveUpload } from "./upload";

const sortable = ["id", "name", "type", "file_size", "created_at"];
const GLOBAL_PERMISSION = "upload_files_global_scope";

const fileParams = z.object({ id: idParamSchema });

function presentFile({ file, companyName }: FileRow): FileListItem {
  return {
    id: file.id,
    name: file.name,
    type: file.type as FileListItem["type"],
    description: file.description,
    version: file.version,
    file_size: file.fileSize,
    device_model: file.deviceModel,
    ...(file.deviceId === null ? {} : { device_id: file.deviceId }),
    company_id: file.companyId,
    company_name: companyName,
    checksum: file.sha256,
    created_at: toRmsDateTime(file.createdAt),
  };
}

/** A download's name in Content-Disposition: plain ASCII, and the exact name encoded. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Files kept for devices (RMS API v3 `/files`): uploads streamed to the file store under
 * FILES_DIR, never whole in memory, and refused with 413 once past 80 MB; the list, one
 * file, its download, several as a ZIP, a new description, deletion.
 */
export async function filesRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const store = fileStoreFor(ctx.env, app.log);
  await app.register(multipart, {
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });

  /** A file the caller sees, or 404. */
  async function visibleFile(actor: Actor, id: number): Promise<FileRow> {
    const [row] = await filesRepo(ctx.db).visibleByIds(actor.tenant, [id]);
    if (!row) throw new AppError("NOT_FOUND", FILE_MESSAGES.unknownFile);
    return row;
  }

  /** A file the caller may change: global files take the global-scope permission. */
  async function changeableFile(actor: Actor, id: number): Promise<FileRow> {
    const row = await visibleFile(actor, id);
    if (row.file.companyId === null && !actor.permissions.has(GLOBAL_PERMISSION)) {
      throw new AppError("FORBIDDEN", FILE_MESSAGES.globalForbidden);
    }
    return row;
  }

  app.get(
    "/api/files",
    {
      schema: {
        tags: ["files"],
        summary: "List the files of your company tree, and global firmware",
        description: searchableListDescription(
          Object.keys(fileSearchable),
          "`type`, `device_id` and `company_id` (a company's id, or `global`) narrow the list.",
        ),
        querystring: fileListQuerySchema,
        response: { 200: projectableListEnvelope(fileListItemSchema) },
      },
      config: { access: { permission: "view_files", tenant: true, scope: "files:read" } },
    },
    async (request) => {
      checkListQuery(request.query, { searchable: Object.keys(fileSearchable), sortable });
      const { rows, total } = await filesRepo(ctx.db).list(
        requireAuth(request).tenant,
        request.query,
      );
      return okList(rows.map(presentFile), total);
    },
  );

  app.post(
    "/api/files",
    {
      schema: {
        tags: ["files"],
        summary: "Upload a file",
        description:
          "multipart/form-data: `file`, `type` (firmware, config, device_task_manager_file), and " +
          "optionally `description`, `device_model`, `version` and `company_id` (a company of " +
          "your tree, yours by default; `global` shares firmware with every company and takes " +
          `the ${GLOBAL_PERMISSION} permission). At most 80 MB: a larger file is refused with ` +
          "413 as soon as it passes the limit. The file's SHA-256 is kept as `checksum`.",
        response: { 200: fileUploadAnswerSchema },
      },
      config: { access: { permission: "upload_files", tenant: true, scope: "files:write" } },
    },
    async (request) => {
      const actor = requireAuth(request);
      return receiveUpload(
        request,
        store,
        { field: "file", tooLarge: FILE_MESSAGES.tooLarge, fields: fileUploadFieldsSchema },
        (fields, stored) => record(actor, fields, stored),
      );
    },
  );

  /** Checks an upload's fields and records its stored file. */
  async function record(
    actor: Actor,
    fields: z.infer<typeof fileUploadFieldsSchema>,
    stored: ReceivedFile | undefined,
  ) {
    if (!stored) throw new AppError("VALIDATION_FAILED", FILE_MESSAGES.noFile, { source: "file" });
    if (stored.size === 0) {
      throw new AppError("VALIDATION_FAILED", FILE_MESSAGES.empty, { source: "file" });
    }
    if (hasForbiddenCharacters(stored.name) || /\s/u.test(stored.name) || stored.name === "") {
      throw new AppError("VALIDATION_FAILED", VALIDATION_MESSAGES.fileName, { source: "file" });
    }
    let companyId: number | null = actor.companyId;
    if (fields.company_id === "global") {
      if (!actor.permissions.has(GLOBAL_PERMISSION)) {
        throw new AppError("FORBIDDEN", FILE_MESSAGES.globalForbidden, { source: "company_id" });
      }
      if (fields.type !== "firmware") {
        throw new AppError("VALIDATION_FAILED", FILE_MESSAGES.globalOnly, { source: "type" });
      }
      companyId = null;
    } else if (fields.company_id !== undefined) {
      if (!(await companiesRepo(ctx.db).findInScope(actor.tenant, fields.company_id))) {
        throw new AppError("VALIDATION_FAILED", FILE_MESSAGES.unknownCompany, {
          source: "company_id",
        });
      }
      companyId = fields.company_id;
    }
    try {
      const repo = filesRepo(ctx.db);
      const id = await repo.create({
        companyId,
        type: fields.type,
        name: stored.name,
        description: fields.description || null,
        version: fields.version || null,
        deviceModel: fields.device_model || null,
        fileSize: stored.size,
        sha256: stored.sha256,
        storageKey: stored.key,
        uploadedBy: actor.id,
      });
      const [row] = await repo.visibleByIds(actor.tenant, [id]);
      return { ...okMessage("File uploaded"), meta: { id }, data: presentFile(row!) };
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError("CONFLICT", FILE_MESSAGES.taken, { source: "file" });
      }
      throw err;
    }
  }

  app.get(
    "/api/files/:id",
    {
      schema: {
        tags: ["files"],
        summary: "One file",
        params: fileParams,
        response: { 200: dataEnvelope(fileListItemSchema) },
      },
      config: { access: { permission: "view_files", tenant: true, scope: "files:read" } },
    },
    async (request) => ok(presentFile(await visibleFile(requireAuth(request), request.params.id))),
  );

  app.put(
    "/api/files/:id",
    {
      schema: {
        tags: ["files"],
        summary: "Change a file's description",
        params: fileParams,
        body: fileUpdateBodySchema,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "upload_files", tenant: true, scope: "files:write" } },
    },
    async (request) => {
      const row = await changeableFile(requireAuth(request), request.params.id);
      await filesRepo(ctx.db).setDescription(row.file.id, request.body.description);
      return okMessage("File updated");
    },
  );

  app.delete(
    "/api/files/:id",
    {
      schema: {
        tags: ["files"],
        summary: "Delete a file",
        params: fileParams,
        response: { 200: messageEnvelopeSchema },
      },
      config: { access: { permission: "upload_files", tenant: true, scope: "files:write" } },
    },
    async (request) => {
      const row = await changeableFile(requireAuth(request), request.params.id);
      const key = await filesRepo(ctx.db).remove(row.file.id);
      if (key) await store.remove(key);
      return okMessage("File deleted");
    },
  );

  app.get(
    "/api/files/:id/download",
    {
      schema: {
        tags: ["files"],
        summary: "Download a file",
        description: "The file's bytes as application/octet-stream, named in Content-Disposition.",
        params: fileParams,
      },
      config: { access: { permission: "view_files", tenant: true, scope: "files:read" } },
    },
    async (request, reply) => {
      const { file } = await visibleFile(requireAuth(request), request.params.id);
      return reply
        .type("application/octet-stream")
        .header("content-length", file.fileSize)
        .header("content-disposition", attachment(file.name))
        .send(store.open(file.storageKey));
    },
  );

  app.post(
    "/api/files/download/zip",
    {
      schema: {
        tags: ["files"],
        summary: "Download several files as one ZIP",
        description: "`files` names up to 100 files you see; the archive streams as it is made.",
        body: filesZipBodySchema,
      },
      config: { access: { permission: "view_files", tenant: true, scope: "files:read" } },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.files)];
      const rows = await filesRepo(ctx.db).visibleByIds(requireAuth(request).tenant, ids);
      if (rows.length !== ids.length) {
        throw new AppError("NOT_FOUND", FILE_MESSAGES.unknownFile, { source: "files" });
      }
      const zip = new yazl.ZipFile();
      // A PassThrough, typed by @types/yazl as the bare interface.
      const output = zip.outputStream as Readable;
      const names = new Set<string>();
      for (const { file } of rows) {
        // Two companies may each have a file of one name: the second gets its id in front.
        const name = names.has(file.name) ? `${file.id}-${file.name}` : file.name;
        names.add(name);
        const source = store.open(file.storageKey);
        // yazl listens for no error of the streams it is given: a file the store cannot
        // give must end this download, not the process; an ended download frees the rest.
        source.on("error", (err) => output.destroy(err));
        output.once("close", () => source.destroy());
        zip.addReadStream(source, name, { compress: false });
      }
      zip.end();
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("application/zip")
        .header("content-disposition", attachment(`files-${day}.zip`))
        .send(output);
    },
  );
}
